apt-get update
apt-get install -y iproute2