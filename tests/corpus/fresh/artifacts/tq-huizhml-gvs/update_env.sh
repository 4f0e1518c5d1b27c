pip install "numpy<2.0"
pip install pybind11>=2.12
conda install cupy pkg-config libjpeg-turbo opencv cudatoolkit=11.6 numba -c conda-forge -c pytorch
pip uninstall torchvision torch torchaudio
pip3 install  --no-cache-dir torch torchvision torchaudio --index-url https://download.pytorch.org/whl/rocm6.3
pip install planetary-computer
pip install tqdm
pip install hydra-core
pip install numba
pip install scipy
pip install timm
pip install matplotlib
pip install pandas
pip install geopandas
pip install h5py
# pip install gdal==3.8.5
pip install rasterio
pip install rio-cogeo
pip install ffcv
pip install kornia
pip install contextily
pip install dask
pip install dask-jobqueue
pip install dask-geopandas
pip install h5netcdf
pip install xarray
pip install xarray-spatial
pip install xarray-datatree
pip install jsonargparse
pip install triton
pip install ipykernel
pip install jupyterlab
pip install seaborn
pip install ipdb
pip install pytest
pip install lightly
pip install 'jsonargparse[signatures]>=4.27.7'
pip install torchmetrics
pip install --upgrade wandb
pip install lightning
pip install torch-summary==1.4.5
pip install zarr
pip install rioxarray
pip install "bokeh>=3.1.0"
pip install adlfs
pip install geodatasets
pip install 'stackstac[viz]'
pip install backoff
pip install earthengine-api --upgrade
pip install pystac-client
pip install torch-summary==1.4.5
python -m pip install git+https://github.com/pydata/xarray.git
pip install netCDF4
pip install zarr==3.0.1
pip install rioxarray
pip install "bokeh>=3.1.0"
pip install adlfs
pip install xarray-spatial
pip install geodatasets
pip install 'stackstac[viz]'
pip install backoff
pip install earthengine-api --upgrade
pip install pystac-client
pip install planetary-computer
pip install retry
pip install python-dotenv   