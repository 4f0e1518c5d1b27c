#!/bin/bash

salloc -A TRN040 -J SFT -t 1:00:00 -p batch -N 1
