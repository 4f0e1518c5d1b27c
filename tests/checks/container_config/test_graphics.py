"""checks/container_config/graphics.py (through RD-CTR-003): /dev/dri without /dev/kfd, for graphics or video."""
from __future__ import annotations

import pytest

from tests.lintacc_helpers import flagged, scan, write

ROCM_SVC = "  tts:\n    image: me/tts:rocm\n    devices: [/dev/kfd, /dev/dri]\n"
VIDEO = "    environment: [FFMPEG_BINARY=/usr/bin/ffmpeg]\n"


@pytest.mark.parametrize("web, flag", [
    # spent nx-playyer96: webui/api get /dev/dri for FFmpeg VAAPI beside the TTS service given /dev/kfd and /dev/dri
    ("  webui:\n    image: me/webui:1\n    devices: [/dev/dri]\n" + VIDEO, False),
    # nothing says video or graphics: an app given the render node alone (SD WebUI) is missing /dev/kfd
    ("  webui:\n    image: universonic/stable-diffusion-webui:latest\n    devices: [/dev/dri]\n", True),
    # what asks for ROCm compute still needs /dev/kfd: a ROCm variable, a torch command
    ("  webui:\n    image: me/webui:1\n    devices: [/dev/dri]\n    environment: [HIP_VISIBLE_DEVICES=0]\n", True),
    ("  webui:\n    image: me/webui:1\n    devices: [/dev/dri]\n    command: python -c 'import torch'\n", True),
    # another vendor's model server (Intel XPU) given the render node: no video service
    ("  webui:\n    image: me/webui:1\n    devices: [/dev/dri]\n    command: python serve.py --device xpu\n", True),
])
def test_dri_alone_beside_a_service_given_kfd_is_video_or_graphics(tmp_path, web, flag):
    write(tmp_path, "docker-compose.yml", "services:\n" + ROCM_SVC + web)
    got = [f.title for f in flagged(scan([str(tmp_path)], "RD-CTR-003", "rx7900xtx")) if "webui" in f.title]
    assert bool(got) is flag, got


def test_dri_alone_with_no_service_given_kfd_is_judged_as_before(tmp_path):
    write(tmp_path, "docker-compose.yml", "services:\n  app:\n    image: rocm/pytorch:latest\n    devices: [/dev/dri]\n")
    [f] = flagged(scan([str(tmp_path)], "RD-CTR-003", "rx7900xtx"))
    assert "/dev/kfd not passed" in f.title
