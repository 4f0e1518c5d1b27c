#!/bin/dash
exec ./install_pip.sh rocm.requirements.txt --extra-index-url https://download.pytorch.org/whl/rocm5.2/
