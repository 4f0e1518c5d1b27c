 docker build  ./.  --tag amdrocm_transformers_at:1
