#!/bin/bash
exec /bin/ollama serve
