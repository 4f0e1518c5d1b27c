"""The secret shapes rocmdoctor masks, kept as data (issue 27). Each rule names the published rule
it follows: the gitleaks default configuration (config/gitleaks.toml, rule ids), the Yelp
detect-secrets plugins, or trufflehog detectors. The patterns are written here from those rules'
descriptions (prefix, alphabet, length) and anchored for speed; none is copied.

Sources:
  gitleaks    https://github.com/gitleaks/gitleaks/blob/master/config/gitleaks.toml
  detect-secrets  https://github.com/Yelp/detect-secrets (plugins/keyword.py DENYLIST, jwt, private_key,
              basic_auth; filters/heuristic.py: templated values, $VAR references, UUIDs, sequences)
  trufflehog  https://github.com/trufflesecurity/trufflehog (pkg/detectors: uri, privatekey, ...)

To add a rule: one ``Token`` (a self-describing token: the whole match is masked) or one
``Context`` (a secret recognised by what stands before it: group ``s`` is masked), with the
literals that must occur for it to run (``hints``, lower case) and its source; then one line in
tests/data/redaction/secrets.json that it catches.
"""
from __future__ import annotations

from typing import NamedTuple


class Token(NamedTuple):
    id: str
    pattern: str  # the whole match is the secret; runs only after a non-word character
    hint: str  # a literal every match starts with (case-sensitive), for the one-pass prefilter
    source: str


class Context(NamedTuple):
    id: str
    pattern: str  # group "s" is the secret
    hints: tuple[str, ...]  # lower-case literals, one of which must occur in the text
    source: str


GL = "gitleaks "
TOKENS: tuple[Token, ...] = (
    Token("huggingface-access-token", r"hf_[A-Za-z0-9]{30,}", "hf_", GL + "huggingface-access-token"),
    Token("huggingface-organization-api-token", r"api_org_[A-Za-z0-9]{30,}", "api_org_",
          GL + "huggingface-organization-api-token"),
    Token("github-token", r"gh[pousr]_[A-Za-z0-9]{30,}", "gh",
          GL + "github-pat, github-oauth, github-app-token, github-refresh-token"),
    Token("github-fine-grained-pat", r"github_pat_[A-Za-z0-9_]{22,}", "github_pat_", GL + "github-fine-grained-pat"),
    Token("aws-access-token", r"(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}(?![A-Za-z0-9])", "A",
          GL + "aws-access-token"),
    Token("gitlab-token", r"gl(?:pat|dt|rt|ptt|ft|imt|soat|cbt|oas|agent|ffct)-[A-Za-z0-9_.-]{20,}", "gl",
          GL + "gitlab-pat, gitlab-deploy-token, gitlab-runner-authentication-token, gitlab-ptt, ..."),
    Token("slack-token", r"xox[abposre]-[A-Za-z0-9-]{10,}|xapp-\d-[A-Za-z0-9-]{10,}", "x",
          GL + "slack-bot-token, slack-user-token, slack-app-token, slack-legacy-*"),
    Token("anthropic-api-key", r"sk-ant-(?:api|admin)\d\d-[A-Za-z0-9_-]{20,}", "sk-", GL + "anthropic-api-key"),
    Token("openai-api-key", r"sk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}", "sk-", GL + "openai-api-key"),
    Token("pypi-upload-token", r"pypi-[A-Za-z0-9_-]{50,}", "pypi-", GL + "pypi-upload-token"),
    Token("npm-access-token", r"npm_[A-Za-z0-9]{36}", "npm_", GL + "npm-access-token"),
    Token("gcp-api-key", r"AIza[A-Za-z0-9_-]{35}", "AIza", GL + "gcp-api-key"),
    Token("google-oauth", r"GOCSPX-[A-Za-z0-9_-]{24,}|ya29\.[A-Za-z0-9_-]{30,}", "", "trufflehog GoogleOauth2 detector"),
    Token("databricks-api-token", r"dapi[a-f0-9]{32}(?:-\d)?", "dapi", GL + "databricks-api-token"),
    Token("vault-token", r"hv[sb]\.[A-Za-z0-9_-]{90,}", "hv", GL + "vault-service-token, vault-batch-token"),
    Token("digitalocean-token", r"do[opr]_v1_[a-f0-9]{64}", "do", GL + "digitalocean-pat, -access-token, -refresh-token"),
    Token("sendgrid-api-token", r"SG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}", "SG.", GL + "sendgrid-api-token"),
    Token("stripe-access-token", r"[sr]k_(?:live|test|prod)_[A-Za-z0-9]{10,99}", "k_", GL + "stripe-access-token"),
    Token("shopify-token", r"shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}", "shp", GL + "shopify-access-token, ..."),
    Token("grafana-token", r"glc_[A-Za-z0-9+/]{32,}={0,3}|glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}", "gl",
          GL + "grafana-cloud-api-token, grafana-service-account-token"),
    Token("perplexity-api-key", r"pplx-[A-Za-z0-9]{48}", "pplx-", GL + "perplexity-api-key"),
    Token("groq-api-key", r"gsk_[A-Za-z0-9]{48,}", "gsk_", GL + "groq-api-key"),
    Token("linear-api-key", r"lin_api_[A-Za-z0-9]{40}", "lin_api_", GL + "linear-api-key"),
    Token("notion-api-token", r"ntn_\d{11}[A-Za-z0-9]{35}", "ntn_", GL + "notion-api-token"),
    Token("prefect-api-token", r"pnu_[A-Za-z0-9]{36}", "pnu_", GL + "prefect-api-token"),
    Token("sentry-token", r"sntry[us]_[A-Za-z0-9+/=_]{40,}", "sntry", GL + "sentry-user-token, sentry-org-token"),
    Token("rubygems-api-token", r"rubygems_[a-f0-9]{48}", "rubygems_", GL + "rubygems-api-token"),
    Token("heroku-api-key-v2", r"HRKU-AA[A-Za-z0-9_-]{58}", "HRKU-", GL + "heroku-api-key-v2"),
    Token("doppler-api-token", r"dp\.pt\.[A-Za-z0-9]{43}", "dp.pt.", GL + "doppler-api-token"),
    Token("postman-api-token", r"PMAK-[a-fA-F0-9]{24}-[a-fA-F0-9]{34}", "PMAK-", GL + "postman-api-token"),
    Token("pulumi-api-token", r"pul-[a-f0-9]{40}", "pul-", GL + "pulumi-api-token"),
    Token("alibaba-access-key-id", r"LTAI[A-Za-z0-9]{20}", "LTAI", GL + "alibaba-access-key-id"),
    Token("age-secret-key", r"AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}", "AGE-", GL + "age-secret-key"),
    Token("twilio-api-key", r"SK[0-9a-fA-F]{32}(?![A-Za-z0-9])", "SK", GL + "twilio-api-key"),
    Token("dockerhub-pat", r"dckr_pat_[A-Za-z0-9_-]{27,}", "dckr_pat_", "trufflehog DockerHub detector"),
    Token("replicate-api-token", r"r8_[A-Za-z0-9]{37}", "r8_", "trufflehog Replicate detector"),
    Token("nvidia-api-key", r"nvapi-[A-Za-z0-9_-]{60,}", "nvapi-", "trufflehog NVAPI detector"),
    Token("jwt", r"eyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]*", "eyJ",
          GL + "jwt; detect-secrets JwtTokenDetector"),
    Token("private-key-base64", r"LS0tLS1CRUdJTi[A-Za-z0-9+/=]{20,}", "LS0tLS1CRUdJTi",
          "base64 of '-----BEGIN' (kubeconfig client-key-data); " + GL + "private-key"),
)

# Secrets known by what stands before them. Each pattern is linear (bounded repeats).
CONTEXTS: tuple[Context, ...] = (
    Context("aws-secret-after-key-id",
            r"(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}[ \t]{0,2}[:/,;|=][ \t]{0,2}(?P<s>[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])",
            ("akia", "asia", "abia", "acca"), GL + "aws-access-token with its secret (the key pair as one string)"),
    Context("slack-webhook-url", r"hooks\.slack\.com/(?:services|workflows|triggers)/(?P<s>[A-Za-z0-9+/_-]{20,200})",
            ("hooks.slack.com",), GL + "slack-webhook-url"),
    Context("discord-webhook-url", r"discord(?:app)?\.com/api/webhooks/\d{5,30}/(?P<s>[A-Za-z0-9_-]{20,200})",
            ("/api/webhooks/",), "trufflehog DiscordWebhook detector"),
    Context("teams-webhook-url", r"webhook\.office\.com/webhookb2/(?P<s>[^\s\"'<>]{20,400})", ("webhook.office.com",),
            GL + "microsoft-teams-webhook"),
    Context("wandb-api-key", r"(?i)wandb[\w .:=\"'-]{0,30}?(?<![0-9a-f])(?P<s>(?:local-)?[0-9a-f]{40})(?![0-9a-f])",
            ("wandb",), "W&B API keys are 40 hex characters (wandb docs, `wandb login`); issue 27"),
    Context("cookie-header", r"(?i)\b(?:set-)?cookie[ \t]{0,8}:[ \t]{0,8}(?P<s>[^\s\"'][^\r\n\"']{0,4095})",
            ("cookie",), GL + "curl-auth-header; RFC 6265 Cookie and Set-Cookie"),
    Context("authorization-header", r"(?i)\b(?:proxy-)?authorization[ \t]{0,8}[:=][ \t]{0,8}[\"']?"
            r"(?:(?:bearer|basic|token|digest|api-token|negotiate)[ \t]{1,8})?(?P<s>[^\s\"',;]{1,4096})",
            ("authoriz",), GL + "curl-auth-header; detect-secrets BasicAuthDetector"),
    Context("bearer", r"(?i)\bbearer[ \t]{1,8}(?P<s>[A-Za-z0-9._~+/=-]{8,4096})", ("bearer",), GL + "curl-auth-header"),
    Context("curl-user", r"(?:^|[\s\"'])(?:-u|--user)(?:=|[ \t]{1,8})[\"']?[^\s:\"']{0,256}:(?P<s>[^\s\"']{1,4096})",
            ("curl",), GL + "curl-auth-user"),
    Context("curl-cookie", r"(?:^|\s)-b[ \t]{1,8}[\"']?(?P<s>[^\s\"']{1,4096})", ("curl",), GL + "curl-auth-header"),
    Context("sshpass", r"\bsshpass[ \t]{1,8}-p[ \t]{0,8}[\"']?(?P<s>[^\s\"']{1,4096})", ("sshpass",), "sshpass(1) -p"),
    Context("mysql-password", r"\b(?:mysql|mysqldump|mysqladmin|mariadb)\b[^\n]{0,512}?[ \t]-p(?P<s>[^\s\"'-][^\s\"']{0,4095})",
            ("mysql", "mariadb"), "mysql(1) -pPASSWORD"),
    Context("registry-login", r"\b(?:docker|podman|nerdctl|buildah|skopeo|helm)[ \t]{1,8}(?:registry[ \t]{1,8})?login\b"
            r"[^\n]{0,512}?[ \t]-p[ \t]{1,8}(?P<s>[^\s\"']{1,4096})", ("login",), "docker login -p"),
    Context("redis-cli-password", r"\bredis-cli\b[^\n]{0,512}?[ \t]-a[ \t]{1,8}(?P<s>[^\s\"']{1,4096})", ("redis-cli",),
            "redis-cli -a"),
    Context("openssl-pass", r"\bpass:(?P<s>[^\s\"']{1,4096})", ("pass:",), "openssl-passphrase-options(1) pass:"),
    Context("smbclient-password", r"\bsmbclient\b[^\n]{0,512}?[ \t]-U[ \t]{1,8}[^\s%]{1,256}%(?P<s>[^\s\"']{1,4096})",
            ("smbclient",), "smbclient(1) -U user%password"),
    Context("netrc-password", r"\b(?:machine|default|login)\b[^\n]{0,256}?\bpassword[ \t]{1,8}(?P<s>[^\s\"']{1,4096})",
            ("password",), "netrc(5); trufflehog/gitleaks netrc handling"),
    Context("netrc-password-line", r"(?m)^[ \t]{0,16}password[ \t]{1,8}(?P<s>[^\s\"']{1,4096})[ \t]*$",
            ("password",), "netrc(5), one token per line (also a line seen alone)"),
)

# Names (variables, keys, options) that say their value is a secret: the last word of the name
# (HF_TOKEN, db_password, X-Api-Key, authToken). From detect-secrets' KeywordDetector DENYLIST and
# gitleaks' generic-api-key keywords, narrowed to the last word so that max_new_tokens,
# pad_token_id, tokenizer, secret_name or password_file stay readable.
SECRET_WORDS = frozenset({"token", "secret", "password", "passwd", "pwd", "pass", "passphrase", "credential",
                          "credentials", "creds", "apikey", "cookie", "cookies", "auth", "sessionid", "privatekey",
                          "secretkey", "accesskey", "sshpass", "keypass", "contrasena"})
# Words that count alone only in an environment variable's upper-case form (PASS=, AUTH=) or after
# another word (db_pass, --hf-auth): "pass": 15 is a count of checks that passed.
NOT_ALONE = frozenset({"pass", "auth", "cookie", "cookies", "creds"})
# "key" counts when it is not the whole name (api_key, wandb_key, AccountKey; a bare "key:" is
# any mapping's key).
KEY_WORD = "key"
# Names that end like a secret's and hold none: rates, counts and a tokenizer's special tokens.
NOT_SECRET_NAMES = (r"(?i)(?:^|[_.-])(?:per|num|max|min|n)[_-]?token\Z"
                    r"|(?:^|[_.-])(?:pad|eos|bos|unk|sep|cls|mask|start|end|special|image|video|audio)[_-]?token\Z"
                    r"|(?:^|[_.-])(?:sort|cache|primary|foreign|dict|text|label|group|partition|hash|lookup|index|map"
                    r"|metric|column|field|prompt|query|response|target|input|output)[_-]?key\Z"
                    r"|(?-i:\A(?:PWD|OLDPWD)\Z)")
# Values that are never the secret itself: settings, empty markers, references to a variable or a
# template (detect-secrets filters/heuristic: is_templated_secret, is_prefixed_with_dollar_sign;
# gitleaks global allowlist).
PLAIN_VALUES = frozenset({"true", "false", "null", "none", "nil", "yes", "no", "on", "off", "required", "optional",
                          "disabled", "enabled", "prompt", "stdin", "-", "*", "***", "xxx", "changeme", "<redacted>"})
NSS_SOURCES = frozenset({"files", "systemd", "compat", "sss", "ldap", "nis", "db", "winbind", "dns", "myhostname",
                         "resolve", "mymachines", "usrfiles"})
