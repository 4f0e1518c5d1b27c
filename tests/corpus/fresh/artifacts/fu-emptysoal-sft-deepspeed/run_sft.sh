#torchrun --nproc_per_node=2 train.py
deepspeed --num_gpus 2 train.py
