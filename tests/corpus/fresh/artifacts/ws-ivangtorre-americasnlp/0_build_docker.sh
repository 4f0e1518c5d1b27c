docker build --network=host -t fairseq docker/.
