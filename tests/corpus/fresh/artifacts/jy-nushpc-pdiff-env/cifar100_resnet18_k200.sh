python task_training.py # get the model data for training p-diff
python train_p_diff.py task=cifar100 system=ae_ddpm
