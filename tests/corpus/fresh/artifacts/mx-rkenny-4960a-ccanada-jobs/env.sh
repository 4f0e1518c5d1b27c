#!/bin/sh
python3 -m pip install torch matplotlib setproctitle scipy tensorboard tensorboardx pyyaml pyaml
