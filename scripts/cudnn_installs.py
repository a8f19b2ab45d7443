"""The cuDNN installs of the test matrix, for the generator scripts.

`installs()` runs `scripts/fetch-cudnn.sh all` (which fetches what is
missing into the user's cache) and returns the variables it prints
(`CUDNN_9_LIB`, `CUDNN_8_INCLUDE`, ...) as a dict.
"""

import os
import shlex
import subprocess

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def installs():
    out = subprocess.run(
        ["bash", os.path.join(REPO, "scripts", "fetch-cudnn.sh"), "all"],
        check=True,
        stdout=subprocess.PIPE,
        text=True,
    ).stdout
    env = {}
    for line in out.splitlines():
        if "=" in line:
            k, v = line.split("=", 1)
            env[k] = shlex.split(v)[0] if v else ""
    return env
