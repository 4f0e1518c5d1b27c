docker build -t deepspeed-dev .
