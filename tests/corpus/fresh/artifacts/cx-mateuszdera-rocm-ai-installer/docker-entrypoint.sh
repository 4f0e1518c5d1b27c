#!/bin/bash

# ROCM-AI-Installer
# Copyright © 2023-2026 Mateusz Dera

# This program is free software: you can redistribute it and/or modify
# it under the terms of the GNU General Public License as published by
# the Free Software Foundation, either version 3 of the License, or
# (at your option) any later version.

# This program is distributed in the hope that it will be useful,
# but WITHOUT ANY WARRANTY; without even the implied warranty of
# MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the
# GNU General Public License for more details.

# You should have received a copy of the GNU General Public License
# along with this program.  If not, see <http://www.gnu.org/licenses/>

# Set umask to ensure new files are group-writable
# umask 0002 means: remove write permission for others only
# Result: new files will be 664 (rw-rw-r--), new dirs will be 775 (rwxrwxr-x)
umask 0002

echo "Container started with umask 0002 for shared file access"

# Execute the main command
exec "$@"
