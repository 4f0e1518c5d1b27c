#!/usr/bin/env bash

source ./scripts/functions.sh

printf "\n\nEasy Diffusion - v3\n\n"

export PYTHONNOUSERSITE=y

if [ -f "scripts/config.sh" ]; then
    source scripts/config.sh
fi

if [ -f "scripts/user_config.sh" ]; then
    source scripts/user_config.sh
fi

# setup environment
if [ -e "installer_files/env" ]; then
	export ENVFOLDER="$(pwd)/installer_files/env"
	export PATH="${ENVFOLDER}/bin:$PATH"; 
	# check python version and adjust PYTHONPATH
	if [ -e "${ENVFOLDER}/bin/python" ]; then
		export PYTHONVERSION="$(${ENVFOLDER}/bin/python -c 'import sys; print(f"{sys.version_info.major}.{sys.version_info.minor}")')"
		export PYTHONPATH="${ENVFOLDER}/lib/python${PYTHONVERSION}/site-packages"
	fi
fi

# setup legacy environment
if [ -e "stable-diffusion/env" ]; then
	export PYTHONPATH="$(pwd)/stable-diffusion/env/lib/python3.8/site-packages"
fi

if [ -f "scripts/get_config.py" ]; then
   export update_branch="$( python scripts/get_config.py --default=main update_branch )"
fi

if [ "$update_branch" == "" ]; then
    export update_branch="main"
fi

if [ -f "scripts/install_status.txt" ] && [ `grep -c sd_ui_git_cloned scripts/install_status.txt` -gt "0" ]; then
    echo "Easy Diffusion's git repository was already installed. Updating from $update_branch.."

    cd sd-ui-files

    git add -A .
    git stash
    git reset --hard
    git branch --set-upstream-to=origin/$update_branch "$update_branch"
    git -c advice.detachedHead=false checkout "$update_branch"
    git pull

    cd ..
else
    printf "\n\nDownloading Easy Diffusion..\n\n"
    printf "Using the $update_branch channel\n\n"

    if git clone -b "$update_branch" https://github.com/easydiffusion/easydiffusion.git sd-ui-files ; then
        echo sd_ui_git_cloned >> scripts/install_status.txt
    else
        fail "git clone failed"
    fi
fi

rm -rf ui
cp -Rf sd-ui-files/ui .
cp sd-ui-files/scripts/on_sd_start.sh scripts/
cp sd-ui-files/scripts/bootstrap.sh scripts/
cp sd-ui-files/scripts/check_modules.py scripts/
cp sd-ui-files/scripts/get_config.py scripts/
cp sd-ui-files/scripts/config.yaml.sample scripts/
cp sd-ui-files/scripts/webui_console.py scripts/
cp sd-ui-files/scripts/start.sh .
cp sd-ui-files/scripts/developer_console.sh .
cp sd-ui-files/scripts/functions.sh scripts/

exec ./scripts/on_sd_start.sh
