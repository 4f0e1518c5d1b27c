podman build -t night_photo_tools:latest .


