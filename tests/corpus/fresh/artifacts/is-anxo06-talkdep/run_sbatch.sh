LLM_MODEL=$1

# The following command will run the script with the provided argument
sbatch ./singularity_run.sh $LLM_MODEL