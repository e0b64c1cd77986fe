import os, sys, numpy as np
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib import *
import sb
from baseline import run
grid = sb.G() + sb.G(extra={'sb5': 0.5}) + sb.G(extra={'sb5': 1}) + sb.G(extra={'sb8': 0.5}) + sb.G(extra={'sb8': 1})
run(grid, fp=sb.fp, label='bins nested none/sb5 0.5/sb5 1/sb8 0.5/sb8 1')
