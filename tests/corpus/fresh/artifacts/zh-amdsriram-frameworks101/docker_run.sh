docker run --rm -it --device=/dev/kfd --device=/dev/dri -v ~/github/Frameworks101:/Frameworks101 --name sriram_test 126dc70ede3


