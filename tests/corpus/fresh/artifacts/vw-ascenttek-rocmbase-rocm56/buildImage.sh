 docker build  ./.  --tag amdrocm_at_base:latest
