"""Shared test setup: CPU only, one thread (tests run beside other jobs on two cores)."""

import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
torch.set_num_threads(1)
