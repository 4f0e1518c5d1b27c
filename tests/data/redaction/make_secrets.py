"""Makes secrets.json, the secret corpus of tests/test_redaction_corpus.py (issue 27):
`python make_secrets.py tests/data/redaction`. The values are fake, drawn from a seeded RNG in the
shapes the public rule sets describe (each case names its source); nothing is copied from a rule
file. New cases go at the end, so the earlier values stay as they are."""
import json, random, string, sys

R = random.Random(27)
AL, UP, LO, DG = string.ascii_letters, string.ascii_uppercase, string.ascii_lowercase, string.digits
def rnd(n, chars=AL + DG):
    # always mixed: at least one upper, lower, digit when the alphabet has them
    while True:
        s = "".join(R.choice(chars) for _ in range(n))
        if (not set(chars) & set(UP) or any(c in UP for c in s)) and (not set(chars) & set(LO) or any(c in LO for c in s)) \
                and (not set(chars) & set(DG) or any(c in DG for c in s)):
            return s
HEX = "0123456789abcdef"
B64 = AL + DG + "+/"

S = []   # secret cases
def sec(rule, text, *secrets, src):
    S.append({"rule": rule, "text": text, "secrets": list(secrets), "source": src})

GL = "gitleaks config/gitleaks.toml rule "
# ---- provider prefixes (gitleaks rule ids)
prov = [
    ("huggingface-access-token", lambda: "hf_" + rnd(34, AL)),
    ("huggingface-organization-api-token", lambda: "api_org_" + rnd(34, AL)),
    ("github-pat", lambda: "ghp_" + rnd(36)), ("github-oauth", lambda: "gho_" + rnd(36)),
    ("github-app-token", lambda: "ghu_" + rnd(36)), ("github-app-token", lambda: "ghs_" + rnd(36)),
    ("github-refresh-token", lambda: "ghr_" + rnd(36)),
    ("github-fine-grained-pat", lambda: "github_pat_" + rnd(22) + "_" + rnd(59)),
    ("aws-access-token", lambda: "AKIA" + rnd(16, UP + "234567")), ("aws-access-token", lambda: "ASIA" + rnd(16, UP + "234567")),
    ("gitlab-pat", lambda: "glpat-" + rnd(20)), ("gitlab-deploy-token", lambda: "gldt-" + rnd(20)),
    ("gitlab-runner-authentication-token", lambda: "glrt-" + rnd(20)), ("gitlab-ptt", lambda: "glptt-" + rnd(40, HEX)),
    ("slack-bot-token", lambda: f"xoxb-{rnd(11, DG)}-{rnd(12, DG)}-{rnd(24)}"),
    ("slack-user-token", lambda: f"xoxp-{rnd(11, DG)}-{rnd(11, DG)}-{rnd(12, DG)}-{rnd(32)}"),
    ("slack-app-token", lambda: f"xapp-1-A{rnd(10, UP + DG)}-{rnd(13, DG)}-{rnd(64, LO + DG)}"),
    ("openai-api-key", lambda: "sk-proj-" + rnd(58) + "T3BlbkFJ" + rnd(58)),
    ("openai-api-key", lambda: "sk-" + rnd(20) + "T3BlbkFJ" + rnd(20)),
    ("anthropic-api-key", lambda: "sk-ant-api03-" + rnd(93) + "AA"),
    ("pypi-upload-token", lambda: "pypi-AgEIcHlwaS5vcmc" + rnd(60)),
    ("npm-access-token", lambda: "npm_" + rnd(36)),
    ("gcp-api-key", lambda: "AIza" + rnd(35)),
    ("databricks-api-token", lambda: "dapi" + rnd(32, HEX)),
    ("vault-service-token", lambda: "hvs." + rnd(95)),
    ("digitalocean-pat", lambda: "dop_v1_" + rnd(64, HEX)),
    ("sendgrid-api-token", lambda: "SG." + rnd(22) + "." + rnd(43)),
    ("stripe-access-token", lambda: "sk_live_" + rnd(24)), ("stripe-access-token", lambda: "rk_live_" + rnd(24)),
    ("shopify-access-token", lambda: "shpat_" + rnd(32, HEX)),
    ("grafana-cloud-api-token", lambda: "glc_" + rnd(40)),
    ("grafana-service-account-token", lambda: "glsa_" + rnd(32) + "_" + rnd(8, HEX)),
    ("perplexity-api-key", lambda: "pplx-" + rnd(48)),
    ("linear-api-key", lambda: "lin_api_" + rnd(40)),
    ("notion-api-token", lambda: "ntn_" + rnd(11, DG) + rnd(35)),
    ("prefect-api-token", lambda: "pnu_" + rnd(36)),
    ("sentry-user-token", lambda: "sntryu_" + rnd(64, HEX)),
    ("rubygems-api-token", lambda: "rubygems_" + rnd(48, HEX)),
    ("heroku-api-key-v2", lambda: "HRKU-AA" + rnd(58)),
    ("doppler-api-token", lambda: "dp.pt." + rnd(43)),
    ("postman-api-token", lambda: "PMAK-" + rnd(24, HEX) + "-" + rnd(34, HEX)),
    ("pulumi-api-token", lambda: "pul-" + rnd(40, HEX)),
    ("alibaba-access-key-id", lambda: "LTAI" + rnd(20)),
    ("age-secret-key", lambda: "AGE-SECRET-KEY-1" + rnd(58, "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L")),
    ("twilio-api-key", lambda: "SK" + rnd(32, HEX)),
    ("dockerhub-pat (trufflehog DockerHub detector)", lambda: "dckr_pat_" + rnd(27)),
    ("groq (gitleaks groq.go)", lambda: "gsk_" + rnd(52)),
    ("replicate (trufflehog Replicate detector)", lambda: "r8_" + rnd(37)),
    ("nvidia-ngc (trufflehog NVAPI detector)", lambda: "nvapi-" + rnd(64)),
    ("google-oauth-client-secret", lambda: "GOCSPX-" + rnd(28)),
    ("google-oauth-access-token", lambda: "ya29." + rnd(60)),
]
contexts = ["using {t} for upload", "TOKEN_USED {t}", '{{"value": "{t}"}}', "clone failed for {t}@host", "[{t}]"]
for i, (rule, mk) in enumerate(prov):
    t = mk()
    sec(rule, contexts[i % len(contexts)].format(t=t), t, src=GL + rule)
# JWT
def jwt():
    import base64
    h = base64.urlsafe_b64encode(b'{"alg":"HS256","typ":"JWT"}').decode().rstrip("=")
    p = base64.urlsafe_b64encode(json.dumps({"sub": rnd(8), "iat": 1700000000}).encode()).decode().rstrip("=")
    return f"{h}.{p}.{rnd(43, AL + DG + '_-')}"
for ctx in ("id_token {t}", "jwt={t}", "curl -H 'X-Auth: {t}'", '"refresh":"{t}"'):
    t = jwt(); sec("jwt", ctx.format(t=t), t, src=GL + "jwt; detect-secrets JwtTokenDetector")
# webhooks
t = f"https://hooks.slack.com/services/T{rnd(8, UP + DG)}/B{rnd(8, UP + DG)}/{rnd(24)}"
sec("slack-webhook-url", f"SLACK_HOOK={t}", t.split("/services/")[1], src=GL + "slack-webhook-url")
sec("slack-webhook-url", f"posting to {t} failed", t.split("/services/")[1], src=GL + "slack-webhook-url")
t = f"https://discord.com/api/webhooks/{rnd(18, DG)}/{rnd(68, AL + DG + '_-')}"
sec("discord-webhook (trufflehog DiscordWebhook)", f"notify: {t}", t.rsplit("/", 1)[1], src="trufflehog DiscordWebhook detector")
# PEM
def pem(kind):
    body = "\n".join(rnd(64, B64) for _ in range(5)) + "\n" + rnd(20, B64) + "=="
    return f"-----BEGIN {kind}-----\n{body}\n-----END {kind}-----", body.splitlines()
for kind in ("RSA PRIVATE KEY", "PRIVATE KEY", "EC PRIVATE KEY", "OPENSSH PRIVATE KEY", "ENCRYPTED PRIVATE KEY",
             "DSA PRIVATE KEY", "PGP PRIVATE KEY BLOCK"):
    block, lines = pem(kind)
    sec("private-key", "key file follows:\n" + block + "\nend", *lines, src=GL + "private-key; detect-secrets PrivateKeyDetector")
block, lines = pem("PRIVATE KEY")
sec("private-key", '{"type": "service_account", "private_key": "' + block.replace("\n", "\\n") + '\\n"}', *lines,
    src=GL + "private-key (JSON-escaped, GCP service account)")
b = rnd(120, AL + DG)
sec("private-key (base64 PEM in kubeconfig)", f"    client-key-data: LS0tLS1CRUdJTiBSU0EgUFJJVkFURSBLRVktLS0tLQo{b}", b, src="kubeconfig client-key-data; gitleaks kubernetes rules")
# URL credentials
for url, pw in [("https://alice:{p}@github.com/o/r.git", "p@ss06" + rnd(6)),
                ("http://bob:{p}@proxy.corp.example:3128", rnd(12)),
                ("socks5://carol:{p}@10.1.2.3:1080", rnd(10)),
                ("postgresql://app:{p}@db.internal:5432/ml", rnd(14)),
                ("mysql://root:{p}@127.0.0.1/x", rnd(9)),
                ("redis://:{p}@cache:6379/0", rnd(16)),
                ("mongodb+srv://u:{p}@cluster0.x.mongodb.net/db", rnd(12)),
                ("amqp://guest:{p}@rabbit:5672/", rnd(11)),
                ("ftp://u:{p}@files.example.org/pub", rnd(10)),
                ("git+https://oauth2:{p}@gitlab.com/g/p.git@v1.2", rnd(20)),
                ("https://__token__:{p}@upload.pypi.org/legacy/", rnd(30)),
                ("https://user:{p}@pypi.corp/simple", "pa/ss" + rnd(6)),
                ("https://user:{p}@pypi.corp/simple", "p%40ss" + rnd(6)),
                ("https://{p}@github.com/o/r", rnd(40, HEX)),
                ]:
    p = pw
    for ctx in ("{u}", "pip install --index-url {u} torch", "GIT_REMOTE='{u}'"):
        if ctx != "{u}" and len(S) % 2:
            continue
        sec("url-credentials", ctx.format(u=url.format(p=p)), p, src="trufflehog URI detector; detect-secrets BasicAuthDetector")
# headers
for hdr in ("Authorization: Bearer {t}", "authorization: token {t}", "Authorization: Basic {t}",
            "Proxy-Authorization: Basic {t}", '"Authorization": "Bearer {t}"', "-H 'PRIVATE-TOKEN: {t}'",
            "-H \"X-Api-Key: {t}\"", "x-auth-token: {t}", "Cookie: session={t}; csrftoken=" ,
            "Set-Cookie: sessionid={t}; Path=/; HttpOnly", "curl -b 'session={t}' https://x", "curl --cookie \"sid={t}\" https://x"):
    t = rnd(32)
    txt = hdr.format(t=t)
    if txt.endswith("csrftoken="):
        c2 = rnd(24); txt += c2; sec("cookie-header", txt, t, c2, src=GL + "curl-auth-header; HTTP Cookie (RFC 6265)")
    else:
        sec("auth-header", txt, t, src=GL + "curl-auth-header")
# options
for opt in ("--hub_token {v}", "--hub_token={v}", "--hub_token '{v}'", '--hub_token "{v}"', "--token {v}",
            "--hf_token {v}", "--api-key {v}", "--api_key={v}", "--wandb_key {v}", "--password {v}",
            "--db-password '{v}'", "--secret {v}", "--client-secret={v}", "--private-key {v}", "--access-key {v}",
            "--secret-key {v}", "--auth-token {v}", "--push_to_hub_token {v}", "--hub-token={v}",
            '["--hub_token", "{v}", "--foo"]', "ARGS=--hub_token {v}", "TRAIN_ARGS=--hub_token={v}",
            'EXTRA="--token {v} --bf16"', "CMD='python t.py --api_key {v}'", "--use_auth_token {v}",
            "-e --password={v}", "--pass {v}", "--auth {v}"):
    v = rnd(18)
    sec("option-secret", "python train.py " + opt.format(v=v) if not opt[0].isupper() else opt.format(v=v), v,
        src="issue 27; gitleaks generic-api-key keywords; detect-secrets KeywordDetector")
v1, v2 = rnd(10), rnd(10)
sec("option-secret", f"--password=p@ss{v1},{v2}", v1, v2, src="issue 27 (value after a comma)")
v1, v2 = rnd(10), rnd(10)
sec("assignment", f"token={v1};{v2}", v1, v2, src="issue 27 (value after a semicolon)")
# assignments
for a in ("HF_TOKEN={v}", "HUGGING_FACE_HUB_TOKEN={v}", "export WANDB_API_KEY={v}", "OPENAI_API_KEY={v}",
          "AWS_SECRET_ACCESS_KEY={v}", "aws_secret_access_key = {v}", "MYSQL_PWD={v}", "SSHPASS={v}", "PASS={v}",
          "pwd={v}", "PGPASSWORD={v}", "DB_PASS={v}", "REDIS_PASSWORD={v}", "KAGGLE_KEY={v}", "password: {v}",
          '"password": "{v}"', "'secret': '{v}'", 'token = "{v}"', 'api_key: "{v}"', "client_secret={v}",
          "private_key_passphrase={v}", "  GITHUB_TOKEN: {v}", "ENV HF_TOKEN={v}", "ARG HF_TOKEN={v}",
          "docker run -e HF_TOKEN={v} img", "docker build --build-arg HF_TOKEN={v} .",
          "Server=db;Uid=sa;Pwd={v};", "Password={v};Host=x", "//registry.npmjs.org/:_authToken={v}", "_auth={v}",
          '"access_token": "{v}"', "refresh_token={v}", "x-api-key: {v}", "apikey={v}", "SECRET_KEY={v}",
          "JWT_SECRET={v}", "encryption_key={v}", "credentials={v}", "AccountName=x;AccountKey={v};EndpointSuffix=core",
          "MODELSCOPE_API_TOKEN={v}", "DASHSCOPE_API_KEY={v}", "hub_token: {v}", "+ HF_TOKEN={v} python t.py",
          "password: \"{v} with space\""):
    v = rnd(16)
    sec("assignment", a.format(v=v), v, src="detect-secrets KeywordDetector; gitleaks generic-api-key")
# netrc
for n in ("machine api.wandb.ai login user password {v}", "machine github.com\n  login bot\n  password {v}\n",
          "default login anonymous password {v}"):
    v = rnd(20); sec("netrc", n.format(v=v), v, src="netrc(5); gitleaks/trufflehog netrc handling")
# commands
for c in ("curl -u alice:{v} https://x", "curl --user alice:{v} https://x", "curl -s -u 'bob:{v}' https://x",
          "sshpass -p {v} ssh node2", "sshpass -p'{v}' ssh node2", "mysql -u root -p{v} db", "mysqldump -p{v} db",
          "mysql --password={v} db", "docker login -u bot -p {v} registry.example", "redis-cli -a {v} ping",
          "openssl rsa -passin pass:{v} -in k.pem", "smbclient //srv/share -U user%{v}"):
    v = rnd(14); sec("command-secret", c.format(v=v), v, src=GL + "curl-auth-user; man pages sshpass(1), mysql(1), redis-cli, openssl-passphrase-options(1)")
# W&B and AWS pairs
for w in ("WANDB_API_KEY={v}", "WANDB_LOGIN={v}", "wandb login {v}", "wandb login --relogin {v}", "WANDB_KEY: {v}"):
    v = rnd(40, HEX); sec("wandb-api-key", w.format(v=v), v, src="W&B API keys are 40 hex characters (wandb docs); issue 27")
for p in ("{i}:{s}", "aws_access_key_id={i} aws_secret_access_key={s}", "AWS creds {i} / {s}"):
    i, s = "AKIA" + rnd(16, UP + "234567"), rnd(40, B64)
    sec("aws-secret", p.format(i=i, s=s), i, s, src=GL + "aws-access-token; gitleaks generic aws secret")

t = f"https://contoso.webhook.office.com/webhookb2/{rnd(8, HEX)}-{rnd(4, HEX)}-{rnd(4, HEX)}-{rnd(4, HEX)}-{rnd(12, HEX)}@{rnd(36, HEX)}/IncomingWebhook/{rnd(32, HEX)}/{rnd(36, HEX)}"
sec("teams-webhook-url", f"TEAMS_URL={t}", t.split("/webhookb2/")[1], src=GL + "microsoft-teams-webhook")

json.dump(S, open(sys.argv[1] + "/secrets.json", "w"), indent=1)
print(len(S), "secret cases")
