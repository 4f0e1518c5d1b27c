mamba install habitat-sim headless -c conda-forge -c aihabitat
mamba install pytorch torchvision -c pytorch
mamba install notebook ipykernel matplotlib
mamba install ipywidgets widgetsnbextension
mamba install scikit-learn tqdm quaternion opencv # only for pretraining / habitat data generation
