//! The scanner's specification: a hit and a near miss for every rule, the shapes secrets take
//! in JSON, and ordinary engineering text that must never be flagged.

use super::*;

const ALNUM: &str = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
const HEX: &str = "0123456789abcdef";
const UPPER: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
const LETTERS: &str = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
const BASE64URL: &str = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_";
const BECH32: &str = "QPZRY9X8GF2TVDW0S3JN54KHCE7L";

/// `n` characters of `alphabet`, varied as a generated token is (a fixed sequence, so that
/// the tests are reproducible, and no real credential).
fn fake(alphabet: &str, n: usize, seed: u64) -> String {
    let chars: Vec<char> = alphabet.chars().collect();
    let mut state = seed
        .wrapping_mul(6_364_136_223_846_793_005)
        .wrapping_add(1_442_695_040_888_963_407);
    (0..n)
        .map(|_| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let index = usize::try_from((state >> 33) % chars.len() as u64).unwrap_or(0);
            chars[index]
        })
        .collect()
}

fn rules_in(text: &str) -> Vec<&'static str> {
    scan(text).into_iter().map(|f| f.rule).collect()
}

fn secret(text: &str) -> String {
    let found = scan(text);
    assert_eq!(found.len(), 1, "{text}: {found:?}");
    text[found[0].range.clone()].to_owned()
}

/// (rule, a text holding one secret of it, a near miss that holds none).
fn cases() -> Vec<(&'static str, String, String)> {
    let pem_body = fake(BASE64URL, 64, 1).replace(['-', '_'], "+");
    vec![
        (
            "private-key",
            format!(
                "-----BEGIN RSA PRIVATE KEY-----\n{pem_body}\n{pem_body}\n-----END RSA PRIVATE KEY-----"
            ),
            "the key starts with -----BEGIN RSA PRIVATE KEY----- and lives in the vault".into(),
        ),
        (
            "private-key",
            format!("PuTTY-User-Key-File-3: ssh-ed25519\nPrivate-Lines: 1\n{pem_body}\n"),
            "Private-Lines: 1 (the key was removed)".into(),
        ),
        (
            "jwt",
            format!(
                "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.{}",
                fake(BASE64URL, 43, 2)
            ),
            "eyJ is base64 for {\" and eyJhbGciOiJIUzI1NiJ9.notapayload.x".into(),
        ),
        (
            "uri-credentials",
            "https://deploy:s3cr3t-Pa55@git.example.com/repo.git".into(),
            "https://deploy@git.example.com/repo.git and https://user:${PASSWORD}@host".into(),
        ),
        (
            "credential-assignment",
            "export DB_PASSWORD=T7x!q9Lm2#vR4zK8".into(),
            "password_policy=rotate-monthly; DB_PASSWORD=${{ secrets.DB }}".into(),
        ),
        (
            "cookie-header",
            format!("Cookie: theme=dark; sessionid={}", fake(HEX, 32, 3)),
            format!(
                "Cookie: theme=dark; _ga=GA1.2.{}; csrftoken={}",
                fake("0123456789", 10, 4),
                fake(ALNUM, 32, 5)
            ),
        ),
        (
            "bearer-token",
            format!("Authorization: Bearer {}", fake(ALNUM, 32, 6)),
            "use a bearer token from the vault; Authorization: Bearer <token>".into(),
        ),
        (
            "http-basic",
            "Authorization: Basic ZGVwbG95OlM4dmVyeVNlY3JldA==".into(),
            "Basic dXNlcjpwYXNzd29yZA== is the documentation's user:password".into(),
        ),
        (
            "webhook-url",
            format!(
                "https://hooks.slack.com/services/T024BE7LD/B01ABC2DEF3/{}",
                fake(ALNUM, 24, 7)
            ),
            "post to https://hooks.slack.com/services/ (the URL is in the vault)".into(),
        ),
        (
            "telegram-bot-token",
            format!("bot 123456789:AA{}", fake(BASE64URL, 33, 8)),
            "at 12:AAB the bot restarted".into(),
        ),
        (
            "azure-client-secret",
            format!(
                "secret value {}8Q~{}",
                fake(ALNUM, 3, 9),
                fake(ALNUM, 31, 10)
            ),
            "the Q~ marker is in the middle of Azure secrets".into(),
        ),
        (
            "terraform-token",
            format!(
                "{}.atlasv1.{}",
                fake(ALNUM, 14, 11),
                fake(BASE64URL, 64, 12)
            ),
            "tokens look like abc.atlasv1.xyz".into(),
        ),
        (
            "braintree-token",
            format!(
                "access_token$production${}${}",
                fake(ALNUM, 16, 13),
                fake(HEX, 32, 14)
            ),
            "access_token$production$ tokens are in the vault".into(),
        ),
        (
            "aws-access-key-id",
            format!("id AKIA{} used", fake(UPPER, 16, 15)),
            "AKIAIOSFODNN7EXAMPLE is AWS's documentation key; AKIA1234 is too short".into(),
        ),
        (
            "github-token",
            format!("ghp_{}", fake(ALNUM, 36, 16)),
            "ghp_short and ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx".into(),
        ),
        (
            "github-token",
            format!(
                "github_pat_11{}_{}",
                fake(ALNUM, 20, 17),
                fake(ALNUM, 59, 18)
            ),
            "github_pat_ is the prefix".into(),
        ),
        (
            "gitlab-token",
            format!("glpat-{}", fake(BASE64URL, 20, 19)),
            "glpat-tooShort".into(),
        ),
        (
            "slack-token",
            format!("xoxb-2048561234-4096123456789-{}", fake(ALNUM, 24, 20)),
            "xoxb-is-a-prefix".into(),
        ),
        (
            "stripe-key",
            format!("sk_live_51{}", fake(ALNUM, 30, 21)),
            format!("pk_live_51{} is publishable", fake(ALNUM, 30, 21)),
        ),
        (
            "anthropic-api-key",
            format!("sk-ant-api03-{}", fake(BASE64URL, 93, 22)),
            "sk-ant- keys live in the vault".into(),
        ),
        (
            "openai-api-key",
            format!("sk-proj-{}", fake(BASE64URL, 48, 23)),
            "pip install scikit-learn; task-manager-sk-documentation-and-more-words".into(),
        ),
        (
            "google-api-key",
            format!("AIza{}", fake(BASE64URL, 35, 24)),
            "AIzaSy is how the keys start".into(),
        ),
        (
            "google-oauth-secret",
            format!("GOCSPX-{}", fake(BASE64URL, 28, 25)),
            "GOCSPX- secrets rotate yearly".into(),
        ),
        (
            "google-oauth-token",
            format!("ya29.a0{}", fake(BASE64URL, 120, 26)),
            "ya29. tokens expire after an hour".into(),
        ),
        (
            "npm-token",
            format!("npm_{}", fake(ALNUM, 36, 27)),
            "npm_config_registry".into(),
        ),
        (
            "pypi-token",
            format!("pypi-AgEIcHlwaS5vcmc{}", fake(BASE64URL, 120, 28)),
            "pypi-AgEIcHlwaS5vcmc is the prefix of every PyPI token".into(),
        ),
        (
            "docker-hub-token",
            format!("dckr_pat_{}", fake(BASE64URL, 27, 29)),
            "dckr_pat_ tokens".into(),
        ),
        (
            "hugging-face-token",
            format!("hf_{}", fake(LETTERS, 34, 30)),
            "hf_hub_download and hf_transfer".into(),
        ),
        (
            "sendgrid-key",
            format!("SG.{}.{}", fake(BASE64URL, 22, 31), fake(BASE64URL, 43, 32)),
            "SG.example.key".into(),
        ),
        (
            "shopify-token",
            format!("shpat_{}", fake(HEX, 32, 33)),
            "shpat_ tokens".into(),
        ),
        (
            "digitalocean-token",
            format!("dop_v1_{}", fake(HEX, 64, 34)),
            "dop_v1_ tokens".into(),
        ),
        (
            "databricks-token",
            format!("dapi{}", fake(HEX, 32, 35)),
            "dapi tokens and dapine".into(),
        ),
        (
            "atlassian-token",
            format!("ATATT3xFfGF0{}", fake(BASE64URL, 180, 36)),
            "ATATT3 is the prefix".into(),
        ),
        (
            "linear-api-key",
            format!("lin_api_{}", fake(ALNUM, 40, 37)),
            "lin_api_ keys".into(),
        ),
        (
            "notion-token",
            format!("secret_{}", fake(ALNUM, 43, 38)),
            "secret_access_key and secret_name".into(),
        ),
        (
            "postman-api-key",
            format!("PMAK-{}-{}", fake(HEX, 24, 39), fake(HEX, 34, 40)),
            "PMAK-keys".into(),
        ),
        (
            "doppler-token",
            format!("dp.pt.{}", fake(ALNUM, 43, 41)),
            "dp.pt.short".into(),
        ),
        (
            "vault-token",
            format!("hvs.{}", fake(BASE64URL, 90, 42)),
            "hvs.tokens are short-lived".into(),
        ),
        (
            "age-secret-key",
            format!("AGE-SECRET-KEY-1{}", fake(BECH32, 58, 43)),
            "AGE-SECRET-KEY-1 starts every age key".into(),
        ),
        (
            "sentry-token",
            format!("sntrys_{}", fake(BASE64URL, 120, 44)),
            "sntrys_ tokens".into(),
        ),
        (
            "grafana-token",
            format!("glsa_{}_{}", fake(ALNUM, 32, 45), fake(HEX, 8, 46)),
            "glsa_ tokens".into(),
        ),
        (
            "new-relic-key",
            format!("NRAK-{}", fake(UPPER, 27, 47)),
            "NRAK-SHORT".into(),
        ),
        (
            "mapbox-token",
            format!(
                "sk.eyJ1IjoiZXhhbXBsZS1vcmciLCJhIjoiY2x4eDEyMzQ1Njc4OTAifQ.{}",
                fake(BASE64URL, 22, 48)
            ),
            "pk.eyJ1Ijoi is a public token".into(),
        ),
        (
            "supabase-token",
            format!("sbp_{}", fake(HEX, 40, 49)),
            "sbp_ tokens".into(),
        ),
        (
            "planetscale-token",
            format!("pscale_tkn_{}", fake(BASE64URL, 43, 50)),
            "pscale_tkn_ tokens".into(),
        ),
        (
            "replicate-token",
            format!("r8_{}", fake(ALNUM, 37, 51)),
            "r8_short".into(),
        ),
        (
            "groq-api-key",
            format!("gsk_{}", fake(ALNUM, 52, 52)),
            "gsk_ keys".into(),
        ),
        (
            "perplexity-api-key",
            format!("pplx-{}", fake(ALNUM, 48, 53)),
            "pplx-keys".into(),
        ),
        (
            "xai-api-key",
            format!("xai-{}", fake(ALNUM, 80, 54)),
            "xai-keys".into(),
        ),
        (
            "pulumi-token",
            format!("pul-{}", fake(HEX, 40, 55)),
            "pul-requests".into(),
        ),
        (
            "mailgun-key",
            format!("key-{}", fake(HEX, 32, 56)),
            "key-value stores and key-0123".into(),
        ),
        (
            "square-token",
            format!("sq0atp-{}", fake(BASE64URL, 22, 57)),
            "sq0atp- tokens".into(),
        ),
        (
            "langsmith-key",
            format!("lsv2_pt_{}_{}", fake(HEX, 32, 58), fake(HEX, 10, 59)),
            "lsv2_pt_ keys".into(),
        ),
        (
            "tavily-api-key",
            format!("tvly-dev-{}", fake(ALNUM, 32, 60)),
            "tvly-keys".into(),
        ),
        (
            "firecrawl-api-key",
            format!("fc-{}", fake(HEX, 32, 61)),
            "fc-barcelona".into(),
        ),
        (
            "e2b-api-key",
            format!("e2b_{}", fake(HEX, 40, 62)),
            "e2b_sandbox".into(),
        ),
        (
            "pinecone-api-key",
            format!("pcsk_{}_{}", fake(ALNUM, 5, 63), fake(ALNUM, 64, 64)),
            "pcsk_ keys".into(),
        ),
        (
            "buildkite-token",
            format!("bkua_{}", fake(HEX, 40, 65)),
            "bkua_ tokens".into(),
        ),
        (
            "netlify-token",
            format!("nfp_{}", fake(ALNUM, 36, 66)),
            "nfp_ tokens".into(),
        ),
        (
            "figma-token",
            format!("figd_{}", fake(BASE64URL, 40, 67)),
            "figd_ tokens".into(),
        ),
        (
            "contentful-token",
            format!("CFPAT-{}", fake(BASE64URL, 43, 68)),
            "CFPAT- tokens".into(),
        ),
        (
            "circleci-token",
            format!("CCIPAT_{}_{}", fake(ALNUM, 22, 69), fake(HEX, 40, 70)),
            "CCIPAT_ tokens".into(),
        ),
        (
            "onepassword-token",
            format!("ops_eyJ{}", fake(BASE64URL, 300, 71)),
            "ops_eyJ starts every service account token".into(),
        ),
        (
            "jfrog-token",
            format!("AKCp{}", fake(ALNUM, 69, 72)),
            "AKCp keys".into(),
        ),
        (
            "bitbucket-app-password",
            format!("ATBB{}", fake(ALNUM, 32, 73)),
            "ATBB passwords".into(),
        ),
        (
            "facebook-token",
            format!("EAAB{}", fake(ALNUM, 180, 74)),
            "EAAB tokens".into(),
        ),
    ]
}

#[test]
fn every_rule_has_a_hit_and_a_near_miss() {
    let cases = cases();
    for rule in RULES {
        assert!(
            cases.iter().any(|(id, _, _)| *id == rule.id),
            "{} has no test case",
            rule.id
        );
    }
    for (rule, hit, miss) in &cases {
        assert_eq!(rules_in(hit), [*rule], "{rule} must find {hit:?}");
        assert_eq!(
            rules_in(miss),
            Vec::<&str>::new(),
            "{rule} must not flag {miss:?}"
        );
    }
}

#[test]
fn finds_the_secret_part() {
    assert_eq!(
        secret("https://deploy:s3cr3t-Pa55@git.example.com/repo.git"),
        "s3cr3t-Pa55"
    );
    assert_eq!(
        secret("password = \"T7x!q9Lm2#vR4zK8\";"),
        "T7x!q9Lm2#vR4zK8"
    );
    assert_eq!(
        secret("{\"api_key\": \"Qx8Rk2LmQ9vT4zN7wP1y\"}"),
        "Qx8Rk2LmQ9vT4zN7wP1y"
    );
    assert_eq!(
        secret("Set-Cookie: sid=Zx9Qw8Er7Ty6Ui5O; Path=/; HttpOnly"),
        "Zx9Qw8Er7Ty6Ui5O"
    );
    assert_eq!(
        secret("mysql --password Hunter2x9Qzz -u root"),
        "Hunter2x9Qzz"
    );
    assert_eq!(secret("<password>Hunter2x9Qzz</password>"), "Hunter2x9Qzz");
    assert_eq!(secret("the DB password is Hq7#pX2m9Lw4"), "Hq7#pX2m9Lw4");
    assert_eq!(
        secret("aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYzK9Xq2Wm"),
        "wJalrXUtnFEMI/K7MDENG/bPxRfiCYzK9Xq2Wm"
    );
    assert_eq!(
        secret(
            "DefaultEndpointsProtocol=https;AccountName=x;AccountKey=Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFiY2RlZg==;EndpointSuffix=core.windows.net"
        ),
        "Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFiY2RlZg=="
    );
    assert_eq!(
        secret(
            "curl 'https://api.example.com/v1/items?api_key=8f14e45fceea167a5a36dedd4bea2543&page=2'"
        ),
        "8f14e45fceea167a5a36dedd4bea2543"
    );
    assert_eq!(
        secret("Authorization: token Qx8Rk2LmQ9vT4zN7wP1yS3dF"),
        "Qx8Rk2LmQ9vT4zN7wP1yS3dF"
    );
    assert_eq!(secret("password=hunter2"), "hunter2");
    assert_eq!(
        secret("curl -u deploy:Hq7pX2m9Lw4 https://ci.example.com/api"),
        "Hq7pX2m9Lw4"
    );
    assert_eq!(
        secret("API key: 8f14e45fceea167a5a36dedd4bea2543"),
        "8f14e45fceea167a5a36dedd4bea2543"
    );
    assert_eq!(
        secret("//registry.npmjs.org/:_authToken=Qx8Rk2LmQ9vT4zN7wP1yS3dF"),
        "Qx8Rk2LmQ9vT4zN7wP1yS3dF"
    );
    assert_eq!(secret("password: letmein"), "letmein");
    assert_eq!(
        secret("Server=tcp:db.example.net;User ID=admin;Password=S3cr3t!x;Encrypt=true"),
        "S3cr3t!x"
    );
    assert_eq!(
        secret("jdbc:mysql://db/app?user=root&password=Hq7pX2m9Lw4&ssl=true"),
        "Hq7pX2m9Lw4"
    );
    // A raw `#` in a URI's password (a URI would percent-encode it).
    assert_eq!(
        secret("https://admin:Quartz#58b1iL@db.example.net/app.git"),
        "Quartz#58b1iL"
    );
}

/// Code that reads a secret, names and paths of secrets, identifiers and digests: the
/// precision cases of ordinary engineering text.
#[test]
fn ordinary_engineering_text_is_not_a_secret() {
    for text in [
        "password := os.Getenv(\"DB_PASSWORD\")",
        "SECRET_KEY=os.urandom(32)",
        "credential=DefaultAzureCredential()",
        "token = secrets.token_hex(32)",
        "api_key = os.environ[\"OPENAI_API_KEY\"]",
        "secret_name=prod/db/password-v2",
        "password_file=/etc/app/db.pw",
        "credentials: ~/.aws/credentials",
        "arn:aws:secretsmanager:us-east-1:123456789012:secret:prod/db-AbCdEf",
        "Cookie: _ga=GA1.2.1234567890.1234567890; _gid=GA1.2.987654321.1234567890; theme=dark",
        "token_type=bearer&expires_in=3600",
        "tokenizer=o200k_base",
        "pwd: /srv/app",
        "commit 3f2a9c1e8b7d6a5f4e3d2c1b0a9f8e7d6c5b4a39 fixed it",
        "sha256 5c3d57cf803c92ff537694cda191d9c10c44f33c39eaf5f45e91e34f6413e254",
        "run 550e8400-e29b-41d4-a716-446655440000 finished",
        "token=v3-inventory-2026",
        "the token is named DEPLOY_TOKEN and lives in the vault",
        "max_tokens=4096, next_page_token=abc123def456ghi789",
        "password_policy: rotate monthly",
        "the secret key rotates every 90 days",
        "Authorization: Bearer ${TOKEN}",
        "password: ********",
        "token=<your-token-here>",
        "secret: REDACTED",
        "api_key=${API_KEY}",
        "password: ${{ secrets.DB }}",
        "https://user:****@host",
        "token_url=https://auth.example.com/token",
        "basic setup and basic authentication",
        "keyboard shortcuts, monkey patching, the author's passport",
        "session_id: 550e8400-e29b-41d4-a716-446655440000",
        "csrf_token=Qx8Rk2LmQ9vT4zN7wP1yS3dF",
        "public_key=MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE",
        "password=example",
        "token: example",
        "the password is rotated monthly",
        "curl -u deploy https://ci.example.com and -u admin:$PASSWORD",
        "password: required",
        "cat /etc/passwd",
        "API key rotation is due; the key: see the vault",
    ] {
        assert!(scan(text).is_empty(), "{text}: {:?}", scan(text));
    }
}

#[test]
fn placeholders_are_clean_but_real_values_that_contain_their_words_are_not() {
    for text in [
        "token: <token>",
        "DEPLOY_TOKEN=${DEPLOY_TOKEN}",
        "password: ****",
        "password: example",
        "api_key: your-api-key-here",
        "ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
    ] {
        assert!(scan(text).is_empty(), "{text}: {:?}", scan(text));
    }
    for text in [
        "password: example-Xk9#mP2q",
        "password: Tr0ub4dor...3",
        "api_key: Qx8Rk2...LmQ9vT4zN7",
    ] {
        assert_eq!(rules_in(text), ["credential-assignment"], "{text}");
    }
}

#[test]
fn escaped_source_is_read_decoded() {
    let raw = br#"{"note": "\u0067hp_R8x2Lk9QvT4mZ7wN1pY6sB3dF5hJ0cG8aE2u", "uri": "https:\/\/ci:Hq7pX2m9Lw4@ci.example.com"}"#;
    let found = scan_bytes(raw);
    assert_eq!(
        found.iter().map(|f| f.rule).collect::<Vec<_>>(),
        ["github-token", "uri-credentials"]
    );
    assert_eq!(
        &raw[found[0].range.clone()],
        br"\u0067hp_R8x2Lk9QvT4mZ7wN1pY6sB3dF5hJ0cG8aE2u"
    );
    assert_eq!(&raw[found[1].range.clone()], b"Hq7pX2m9Lw4");
}

/// The property names the HCR v1.0 schema declares: the fixed words a record's keys are
/// read with.
fn fixed_words() -> &'static hcr_json::KeyTable {
    static WORDS: std::sync::OnceLock<hcr_json::KeyTable> = std::sync::OnceLock::new();
    WORDS.get_or_init(|| {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../protocol/v1/schema.json");
        let text = std::fs::read_to_string(path).expect("the schema");
        let schema: serde_json::Value = serde_json::from_str(&text).expect("JSON");
        let mut names = Vec::new();
        let mut stack = vec![&schema];
        while let Some(value) = stack.pop() {
            if let Some(serde_json::Value::Object(properties)) = value.get("properties") {
                names.extend(properties.keys().cloned());
            }
            match value {
                serde_json::Value::Object(map) => stack.extend(map.values()),
                serde_json::Value::Array(items) => stack.extend(items),
                _ => {}
            }
        }
        hcr_json::KeyTable::new(names).expect("fewer than 255 names")
    })
}

fn shapes(value: &serde_json::Value) -> Vec<(&'static str, Shape, String)> {
    scan_value(value, fixed_words())
        .into_iter()
        .map(|f| (f.rule, f.shape, f.pointer.to_string()))
        .collect()
}

#[test]
fn finds_the_shapes_credentials_take_in_json() {
    let pem = fake(BASE64URL, 64, 90).replace(['-', '_'], "/");
    let token = format!("ghp_{}", fake(ALNUM, 36, 91));
    let record = serde_json::json!({
        "extensions": {
            "com.example/ci": {
                "password": "Hunter2x9Qzz",
                "aws_secret_access_key": "wJalrXUtnFEMI/K7MDENG/bPxRfiCYzK9Xq2Wm",
                "headers": {"Authorization": "Bearer Qx8Rk2LmQ9vT4zN7wP1yS3dF", "Cookie": "theme=dark; sessionid=8f14e45fceea167a5a36dedd4bea2543"},
                "env": [{"name": "DB_PASSWORD", "value": "T7x!q9Lm2#vR4zK8"}],
                "password_policy": "rotate monthly",
                "key": [
                    "-----BEGIN PRIVATE KEY-----", pem.clone(), pem.clone(), "-----END PRIVATE KEY-----"
                ],
                "halves": [&token[..20], &token[20..]],
            },
            "com.example/audit": {token.clone(): true},
            "com.example/vault": {"dbSecret": {"value": "Xk9#mP2qZ8wL4vT7"}},
        }
    });
    assert_eq!(
        shapes(&record),
        [
            (
                "credential-assignment",
                Shape::Pair,
                "/extensions/com.example~1ci/password".to_owned()
            ),
            (
                "credential-assignment",
                Shape::Pair,
                "/extensions/com.example~1ci/aws_secret_access_key".to_owned()
            ),
            (
                "bearer-token",
                Shape::Value,
                "/extensions/com.example~1ci/headers/Authorization".to_owned()
            ),
            (
                "cookie-header",
                Shape::Pair,
                "/extensions/com.example~1ci/headers/Cookie".to_owned()
            ),
            (
                "credential-assignment",
                Shape::Pair,
                "/extensions/com.example~1ci/env/0/value".to_owned()
            ),
            (
                "private-key",
                Shape::Split,
                "/extensions/com.example~1ci/key/0".to_owned()
            ),
            (
                "github-token",
                Shape::Split,
                "/extensions/com.example~1ci/halves/0".to_owned()
            ),
            (
                "github-token",
                Shape::Key,
                format!("/extensions/com.example~1audit/{token}")
            ),
            (
                "credential-assignment",
                Shape::Pair,
                "/extensions/com.example~1vault/dbSecret/value".to_owned()
            ),
        ]
    );
}

#[test]
fn a_secret_set_masks_every_piece_and_recurrence() {
    let token = format!("ghp_{}", fake(ALNUM, 36, 92));
    let record = serde_json::json!({
        "a": {"password": "Hunter2x9Qzz"},
        "b": [&token[..18], &token[18..]],
    });
    let set = SecretSet::from_value(&record, fixed_words());
    let text = format!("x Hunter2x9Qzz y {} z {}", &token[..18], &token[18..]);
    let shown = set.redact(&text);
    assert!(
        !shown.contains("Hunter2x9Qzz")
            && !shown.contains(&token[4..18])
            && !shown.contains(&token[18..]),
        "{shown}"
    );
    let raw = serde_json::to_vec(&record).expect("JSON");
    let masked = set.mask_source(&raw);
    let covered = |needle: &str| {
        let at = raw
            .windows(needle.len())
            .position(|w| w == needle.as_bytes())
            .expect("present");
        masked
            .iter()
            .any(|r| r.start <= at && at + needle.len() <= r.end)
    };
    assert!(covered("Hunter2x9Qzz") && covered(&token[..18]) && covered(&token[18..]));
}

/// A token ending a member's value is not continued into the next member's key: the key is
/// not a piece of a secret split across array items (a fuzzed record's source set once held
/// `status`, a word every report prints).
#[test]
fn a_source_set_does_not_join_a_value_to_the_next_key() {
    let jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U";
    for raw in [
        format!("{{\"summary\": \"Session {jwt}\",\n  \"status\": \"open\"}}"),
        // Text that does not parse is read the same way.
        format!("{{\"summary\": \"Session {jwt}\", \"status\": \"open\""),
    ] {
        let set = SecretSet::from_source(raw.as_bytes());
        let secrets: Vec<&str> = set.secrets().collect();
        assert_eq!(secrets, [jwt], "{raw}");
    }
    // Items of an array are still joined.
    let token = format!("ghp_{}", fake(ALNUM, 36, 7));
    let raw = format!("[\"{}\", \"{}\"]", &token[..18], &token[18..]);
    let set = SecretSet::from_source(raw.as_bytes());
    assert!(set.secrets().any(|s| s == &token[18..]), "{raw}");
}

/// Repeated anchors, long runs and unterminated markers: all answered (the benchmark
/// measures the time; here the answers).
#[test]
fn pathological_text_is_answered() {
    for unit in [
        "eyJ",
        "-----BEGIN ",
        "-----BEGIN PRIVATE KEY-----",
        "password=",
        "password:",
        "Cookie: sid=",
        "://",
        "a://b:c@",
        "Bearer ",
        "Basic ",
        "sk-",
        "ghp_",
        "key",
        "Q~",
        ":AA",
        ".atlasv1.",
        "\"password\": \"",
        "pass",
        "x",
    ] {
        let text = unit.repeat(20_000);
        let _ = scan(&text);
        let _ = scan_bytes(text.as_bytes());
    }
}

/// The scanner's prefilter lets the DFA skip text, never an anchor: on text made of anchors
/// (in any case, cut short, run together) and other bytes, it reports exactly what a walk over
/// every byte reports, in the same order.
/// A piece of a split secret that is only whitespace is not searched for: it shows nothing of
/// the secret, and masking it would blank every indentation of its width.
#[test]
fn whitespace_pieces_of_a_split_secret_are_not_searched_for() {
    let mut collector = Collector::default();
    collector.add(&[
        "-----BEGIN PRIVATE KEY-----",
        "       ",
        "\t \n  ",
        "MIIEvQIBADANBgkq",
    ]);
    let set = collector.finish();
    let secrets: Vec<&str> = set.secrets().collect();
    assert!(secrets.contains(&"MIIEvQIBADANBgkq"), "{secrets:?}");
    assert!(secrets.iter().all(|s| !s.trim().is_empty()), "{secrets:?}");
}

mod prefilter {
    use proptest::prelude::*;

    use super::super::scanner::{
        anchor_finds_nothing, anchor_texts, anchors_filtered, anchors_unfiltered,
        authority_holds_at, filter_next, probe_passes_over, probe_start, scan, scan_from,
        userinfo_after,
    };

    /// The parser's probe of a string value ([`probe_start`]) against a walk over every
    /// byte: it answers none only when the text holds no anchor but those whose matchers
    /// find nothing (URIs' `://`s without userinfo, words in prose, token prefixes without a
    /// body; always when it holds none, unless more candidates than it walks from came
    /// first), and a text it answers none for holds no secret; it answers the first
    /// candidate or a place an anchor starts at, a scan from there finds what the whole scan
    /// finds, and every anchor it passed over before that place is one whose matcher finds
    /// nothing there. Asked twice: a short text's second answer comes from the thread's memo.
    fn the_probe_misses_no_anchor(text: &str) -> Result<(), TestCaseError> {
        let found = anchors_unfiltered(text.as_bytes());
        let first = found.iter().map(|&(_, start, _)| start).min();
        // The anchors the probe may pass over: those whose matcher alone finds nothing.
        let passable = |&(index, start, end): &(usize, usize, usize)| {
            anchor_finds_nothing(text, index, start, end)
        };
        let first_other = found
            .iter()
            .filter(|anchor| !passable(anchor))
            .map(|&(_, start, _)| start)
            .min();
        for _ in 0..2 {
            match (probe_start(text), first) {
                (None, None) => {}
                (None, Some(first)) => {
                    prop_assert!(
                        first_other.is_none(),
                        "{:?}: the anchor at {} missed",
                        text,
                        first_other.unwrap_or(first)
                    );
                    prop_assert_eq!(scan(text), Vec::new(), "{:?}: passed over", text);
                }
                (Some(start), first) => {
                    prop_assert!(
                        first.is_some() || text.len() > 16,
                        "{:?}: no anchor, but {}",
                        text,
                        start
                    );
                    prop_assert!(first_other.is_none_or(|first| start <= first), "{:?}", text);
                    prop_assert_eq!(scan_from(text, start), scan(text), "{:?}", text);
                }
            }
        }
        Ok(())
    }

    /// Each text is clean to the probe (asked twice: the second answer is remembered) and to
    /// the scan.
    fn probed_clean(texts: &[&str]) {
        for text in texts {
            assert_eq!(probe_start(text), None, "{text:?}");
            assert_eq!(probe_start(text), None, "{text:?} (remembered)");
            assert_eq!(scan(text), Vec::new(), "{text:?}");
        }
    }

    /// Each text's scan starts where the probe says, finds what the whole scan finds, and
    /// finds a secret exactly when one is expected.
    fn probed_from(cases: &[(&str, usize, bool)]) {
        for &(text, start, secret) in cases {
            assert_eq!(probe_start(text), Some(start), "{text:?}");
            assert_eq!(scan_from(text, start), scan(text), "{text:?}");
            assert_eq!(!scan(text).is_empty(), secret, "{text:?}");
        }
    }

    /// URIs without userinfo are passed over by the probe, and the string is clean when
    /// nothing else is in it; a URI with an `@` in its authority (a password or not), or
    /// another anchor after a bare URI, is where the scan starts.
    #[test]
    fn the_probe_passes_over_uris_without_userinfo() {
        let clean = [
            "https://ci.example.com/tenant/runs/14133",
            "see https://ci.example.com/runs/7 and ftp://mirror.example.org/pub",
            "https://example.com/search?q=me@example.com",
            "HTTPS://EXAMPLE.COM:8443/x",
            "a://b",
            "://",
        ];
        probed_clean(&clean);
        let scanned = [
            (
                "https://deploy:s3cr3t-Pa55@git.example.com/repo.git",
                5,
                true,
            ),
            ("https://deploy@git.example.com/repo.git", 5, false),
            (
                "https://x.example.com/a then https://u:Hq7pX2m9Lw4@db",
                34,
                true,
            ),
            (
                "https://x.example.com/a then password=Hq7pX2m9Lw4",
                29,
                true,
            ),
        ];
        probed_from(&scanned);
    }

    /// Words that name a credential in prose and token prefixes without a body are passed
    /// over by the probe, and the string is clean when nothing else is in it (the
    /// `near-secret` corpus's phrases); one such anchor before a secret, or a name that is
    /// assigned, a scheme word and a token with its body, is where the scan starts.
    #[test]
    fn the_probe_passes_over_words_in_prose_and_prefixes_without_a_body() {
        let clean = [
            "rotated the token after the review",
            "the deploy key for the mirror is managed by the platform team",
            "compared with the sk-learn baseline",
            "the password policy says monthly",
            "the api_key setting is read from the vault",
            "AKIA prefixes are blocked by the proxy",
            "ghp_ tokens are scoped to one repository",
            "token refresh runs every 30 minutes",
            "the secret store holds the client_secret for staging",
            "xoxb- bot scopes were narrowed",
            "key rotation is tracked in the runbook",
            "sk- keys are never written to logs",
            "the access token lifetime was shortened",
            "Partition (rotated the token after the review) customer session (1)",
            "Timeout replica token-free export (2)",
            "see /secret/ here",
        ];
        probed_clean(&clean);
        let scanned = [
            ("requests carry an Authorization: Bearer header", 18, false),
            ("Bearer tokens expire after an hour", 0, false),
            ("the session cookie is set by the login service", 12, false),
            ("the token-free when", 4, false),
            ("the token was Hq7pX2m9Lw4zK8", 4, true),
            ("the token after: password=T7x!q9Lm2#vR4zK8", 17, true),
            (
                "the key for ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx here",
                12,
                false,
            ),
            ("sk-learn then AKIAZ7Q3N5XK2M4PL6RT", 14, true),
            ("the Basic dGVzdDpwYXNzd29yZA== header", 4, false),
        ];
        probed_from(&scanned);
    }

    /// A word in prose is passed over in an array's run only when it is prose both in its
    /// item and in the joined text: joined, `xBearer` is a name of seven bytes followed by
    /// prose, but the item alone starts with the scheme word `Bearer` and its credential.
    #[test]
    fn a_word_in_prose_in_the_joined_text_alone_is_scanned_in_its_item() {
        use super::super::document::run_with_cap;
        let items = ["see x", "Bearer Hq7pX2m9Lw4zK8Qx7vT"];
        let (own, spans) = run_with_cap(&items, usize::MAX);
        assert_eq!((own.clone(), spans.clone()), run_with_cap(&items, 0));
        assert!(own[0].is_empty() && !own[1].is_empty(), "{own:?}");
        assert!(spans.is_empty(), "{spans:?}");
    }

    /// Prose around the words and prefixes the probe passes over, and the assignments,
    /// schemes and tokens it must not.
    fn prose() -> impl Strategy<Value = String> {
        let piece = prop_oneof![
            prop::sample::select(vec![
                "token",
                "Token",
                "key",
                "api_key",
                "client_secret",
                "password",
                "Bearer",
                "bearer",
                "Basic",
                "cookie",
                "Cookie",
                "auth",
                "secret",
                "pat",
                "sig",
                "pwd",
                "sk-",
                "sk-ant-",
                "AKIA",
                "ghp_",
                "xoxb-",
                "access_token",
                "--token",
                "-token",
                "/secret",
                ":key:",
                "key.",
                "key-",
                "token-free",
            ]),
            prop::sample::select(vec![
                " ", " ", " ", "  ", " is ", " was ", " after ", " for ", " with ", " 30 ", "=",
                ": ", ":", " = ", "\"", "'", "(", ")", ".", ",", "-", "_", "\n",
            ]),
            prop::sample::select(vec![
                "the",
                "a",
                "rotation",
                "learn",
                "prefixes",
                "tokens",
                "keys",
                "refresh",
                "Hq7pX2m9Lw4zK8",
                "T7x!q9Lm2#vR4zK8",
                "Z7Q3N5XK2M4PL6RT",
                "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
                "dGVzdDpwYXNzd29yZA==",
                "1234-abcd",
                "sessionid=a8f3k2m9x7q1Qx8Rk2Lm",
            ]),
        ];
        prop::collection::vec(piece, 0..16).prop_map(|pieces| pieces.concat())
    }

    #[test]
    fn the_probe_misses_no_anchor_past_many_candidates() {
        // Candidates that start no anchor (`tok`, `pas`, `sec`, `ke`), many more than the
        // probe walks from, before an anchor and without one; and every anchor alone.
        let mut texts = vec![
            "tok pas sec ke ".repeat(12) + "a token",
            "tok pas sec ke ".repeat(12),
            "Tok".repeat(40) + "KEY",
        ];
        texts.extend(anchor_texts().iter().map(|a| (*a).to_owned()));
        texts.extend(
            anchor_texts()
                .iter()
                .map(|a| format!("plain words then {a}")),
        );
        for text in texts {
            if let Err(failure) = the_probe_misses_no_anchor(&text) {
                panic!("{failure}");
            }
        }
    }

    /// Pieces of anchors in either case, whole or cut, among filler and the bytes anchors
    /// are made of.
    fn texts() -> impl Strategy<Value = Vec<u8>> {
        let anchors = anchor_texts();
        let count = anchors.len();
        let piece = prop_oneof![
            (0..count, any::<bool>(), 0usize..4, any::<u64>()).prop_map(
                move |(i, upper, cut, seed)| {
                    let anchor = anchors[i].as_bytes();
                    let keep = anchor.len().saturating_sub(cut % 2 * (1 + cut / 2));
                    anchor[..keep.max(1)]
                        .iter()
                        .enumerate()
                        .map(|(k, b)| {
                            if upper && (seed >> (k % 64)) & 1 == 1 {
                                b.to_ascii_uppercase()
                            } else if (seed >> ((k + 7) % 64)) & 1 == 1 {
                                b.to_ascii_lowercase()
                            } else {
                                *b
                            }
                        })
                        .collect::<Vec<u8>>()
                }
            ),
            "[a-zA-Z0-9 _.:/~$=@-]{0,6}".prop_map(String::into_bytes),
            prop::collection::vec(any::<u8>(), 0..4),
        ];
        prop::collection::vec(piece, 0..24).prop_map(|pieces| pieces.concat())
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 3000, .. ProptestConfig::default() })]

        #[test]
        fn reports_every_anchor_a_full_walk_does(text in texts()) {
            every_search_reports_every_anchor(&text)?;
        }

        #[test]
        fn the_probe_starts_where_no_anchor_is_missed(text in texts()) {
            the_probe_misses_no_anchor(&String::from_utf8_lossy(&text))?;
        }

        #[test]
        fn the_probe_starts_where_no_anchor_in_prose_is_missed(text in prose()) {
            the_probe_misses_no_anchor(&text)?;
        }

        /// An array's run of prose items, scanned from the anchors kept with its words in
        /// prose passed over, reports what the run scanned anew (no anchor kept) reports.
        #[test]
        fn a_run_of_prose_items_reports_what_it_reports_scanned_anew(
            items in prop::collection::vec(prose(), 2..6),
        ) {
            use super::super::document::run_with_cap;
            let items: Vec<&str> = items.iter().map(String::as_str).collect();
            prop_assert_eq!(run_with_cap(&items, 0), run_with_cap(&items, usize::MAX));
        }

        /// An anchor the probe passes over is one whose matcher, alone on the text, finds
        /// nothing and reads no cookie header.
        #[test]
        fn an_anchor_passed_over_is_one_its_matcher_finds_nothing_at(
            text in prop_oneof![texts().prop_map(|t| String::from_utf8_lossy(&t).into_owned()), prose()]
        ) {
            for (index, start, end) in anchors_unfiltered(text.as_bytes()) {
                if probe_passes_over(&text, index, start, end) {
                    prop_assert!(
                        anchor_finds_nothing(&text, index, start, end),
                        "{:?}: the anchor from {} to {} finds something",
                        text,
                        start,
                        end
                    );
                }
            }
        }

        /// The probe's test for userinfo after a `://` reads the authority as the URI
        /// matcher does, from any place.
        #[test]
        fn userinfo_is_what_the_uri_matcher_reads(text in texts(), from in 0usize..64) {
            let text = String::from_utf8_lossy(&text);
            let end = from.min(text.len());
            prop_assert_eq!(
                userinfo_after(text.as_bytes(), end),
                authority_holds_at(&text, end),
                "{:?} from {}",
                text,
                end
            );
        }

        /// Each vector search (on CPUs that have it) finds what its scalar reference finds,
        /// from any position.
        #[test]
        fn the_vector_filters_agree_with_the_scalar_ones(text in texts(), from in 0usize..64) {
            for (i, (name, _, _)) in filter_next(b"", 0).into_iter().enumerate() {
                let mut at = from.min(text.len());
                loop {
                    let (_, search, reference) = filter_next(&text, at)[i];
                    prop_assert_eq!(search, reference, "{} from {}", name, at);
                    match reference {
                        Some(found) => at = found + 1,
                        None => break,
                    }
                }
            }
        }
    }

    /// Where candidates come densely the walk goes on over every byte: the same anchors, in
    /// the same order, wherever the switch happens (anchors found before it that end after
    /// it included).
    #[test]
    fn dense_anchor_prefixes_are_walked_byte_by_byte_with_the_same_answer() {
        let anchors = anchor_texts();
        for (i, anchor) in anchors.iter().enumerate() {
            let other = anchors[(i * 7 + 3) % anchors.len()];
            for text in [
                anchor.repeat(40),
                format!(
                    "{} plain words between {}",
                    anchor.repeat(12),
                    other.repeat(12)
                ),
                format!(
                    "{other}{}{other} and then prose, {anchor}",
                    anchor.repeat(20)
                ),
                format!(
                    "{}{}",
                    "-".repeat(30),
                    anchor.to_ascii_uppercase().repeat(9)
                ),
            ] {
                every_search_reports_every_anchor(text.as_bytes()).expect("every anchor");
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 1000, .. ProptestConfig::default() })]

        /// An array's items joined are searched for anchors once: each item's own anchors
        /// are the joined text's that lie inside it, in the same order, and its secrets
        /// scanned from them are those of the item scanned alone.
        #[test]
        fn anchors_of_joined_items_are_each_item_s_own(
            items in prop::collection::vec(texts(), 1..6),
        ) {
            use super::super::scanner::{anchors_in, scan, scan_found};
            let items: Vec<String> =
                items.iter().map(|t| String::from_utf8_lossy(t).into_owned()).collect();
            let joined = items.concat();
            let mut found = Vec::new();
            prop_assert!(anchors_in(&joined, &mut found, usize::MAX));
            let mut start = 0;
            for item in &items {
                let end = start + item.len();
                let mut alone = Vec::new();
                anchors_in(item, &mut alone, usize::MAX);
                let inside: Vec<_> = found
                    .iter()
                    .filter(|&&(_, begin, stop)| begin >= start && stop <= end)
                    .map(|&(index, begin, stop)| (index, begin - start, stop - start))
                    .collect();
                prop_assert_eq!(&alone, &inside, "{:?} in {:?}", item, joined);
                prop_assert_eq!(scan(item), scan_found(item, &[], &found, start));
                start = end;
            }
        }

        /// A run too dense with anchors to keep them is scanned item by item and whole, its
        /// anchors found anew each time: the same secrets as from the anchors kept.
        #[test]
        fn a_run_scanned_from_anchors_kept_or_found_anew_gives_one_answer(
            items in prop::collection::vec(texts(), 2..6),
            cap in 0usize..4,
        ) {
            use super::super::document::run_with_cap;
            let items: Vec<String> =
                items.iter().map(|t| String::from_utf8_lossy(t).into_owned()).collect();
            let items: Vec<&str> = items.iter().map(String::as_str).collect();
            prop_assert_eq!(run_with_cap(&items, cap), run_with_cap(&items, usize::MAX));
        }

        /// The same on text whose pieces repeat, dense enough for the switch.
        #[test]
        fn repeated_pieces_report_every_anchor(text in texts(), times in 2usize..12) {
            let text = text.repeat(times);
            every_search_reports_every_anchor(&text)?;
        }

        /// Short texts, each scanned twice among others (what a scan found clean is
        /// remembered): every scan gives the answer of a search of the text itself.
        #[test]
        fn short_texts_scanned_again_give_their_own_answer(
            texts in prop::collection::vec(texts(), 1..12),
            cut in 0usize..18,
        ) {
            use super::super::scanner::{scan, scan_joined};
            let texts: Vec<String> = texts
                .iter()
                .map(|t| String::from_utf8_lossy(&t[..t.len().min(cut)]).into_owned())
                .collect();
            for text in texts.iter().chain(&texts) {
                prop_assert_eq!(scan(text), scan_joined(text, &[]), "{:?}", text);
            }
        }
    }

    /// Every prefilter search this CPU has lets through every anchor of `text`.
    fn every_search_reports_every_anchor(text: &[u8]) -> Result<(), TestCaseError> {
        let full = anchors_unfiltered(text);
        for (name, found) in anchors_filtered(text) {
            prop_assert_eq!(
                &found,
                &full,
                "{} on {:?}",
                name,
                String::from_utf8_lossy(text)
            );
        }
        Ok(())
    }

    /// Each search finds an anchor at any distance from where it starts and at any place in
    /// the text's last bytes: the vector searches step over blocks and load the end apart.
    #[test]
    fn every_search_finds_an_anchor_at_every_offset() {
        let filler = |n: usize| " ".repeat(n).into_bytes();
        for (name, search, _) in filter_next(&filler(300), 0) {
            assert_eq!(search, None, "{name}: the filler alone has no candidate");
        }
        for anchor in ["Q~", "eyJ", "-----BEGIN ", "KEY"] {
            for offset in 0..160 {
                for after in [0, 1, 2, 17, 70] {
                    let text = [filler(offset), anchor.as_bytes().to_vec(), filler(after)].concat();
                    for start in [0, offset / 2, offset] {
                        for (name, search, _) in filter_next(&text, start) {
                            assert_eq!(
                                search,
                                Some(offset),
                                "{name}: {anchor} at {offset}, {after} after, from {start}"
                            );
                        }
                    }
                }
            }
        }
    }

    /// Every anchor, as written, in upper case and in lower case, at every place of a 64-byte
    /// load and past it (each lane of the AVX-512 search's three groups of sixteen, and the
    /// next load's), with nothing, a few bytes or a long run after it: each search, stepped
    /// from the text's start from candidate to candidate, stops at the anchor, and agrees with
    /// its scalar reference at every step.
    #[test]
    fn every_search_stops_at_every_anchor_at_every_place_of_a_load() {
        for anchor in anchor_texts() {
            for written in [
                anchor.to_owned(),
                anchor.to_ascii_uppercase(),
                anchor.to_ascii_lowercase(),
            ] {
                for offset in 0..100 {
                    for after in [0, 3, 70] {
                        let text = format!("{}{written}{}", " ".repeat(offset), " ".repeat(after));
                        for (i, (name, _, _)) in filter_next(b"", 0).into_iter().enumerate() {
                            let mut at = 0;
                            loop {
                                let (_, search, reference) = filter_next(text.as_bytes(), at)[i];
                                assert_eq!(search, reference, "{name}: {written:?} at {offset}");
                                match search {
                                    Some(found) if found < offset => at = found + 1,
                                    found => {
                                        assert_eq!(
                                            found,
                                            Some(offset),
                                            "{name}: {written:?} at {offset}, {after} after"
                                        );
                                        break;
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn every_anchor_alone_and_in_text() {
        for anchor in anchor_texts() {
            for text in [
                anchor.to_owned(),
                anchor.to_ascii_uppercase(),
                anchor.to_ascii_lowercase(),
                format!("x{anchor}"),
                format!("ab {anchor} cd"),
                format!("{anchor}{anchor}"),
                format!("Q{anchor}~"),
            ] {
                let full = anchors_unfiltered(text.as_bytes());
                assert!(!full.is_empty(), "{text}");
                every_search_reports_every_anchor(text.as_bytes()).expect("every anchor");
            }
        }
    }
}

#[test]
fn a_redacted_secret_shows_its_rules_fixed_prefix_and_length_only() {
    let github = format!("ghp_{}", fake(ALNUM, 36, 92));
    let cases = [
        // No fixed prefix: nothing of the value.
        ("Xk9!q7Lm2#vR", "(12 characters, redacted)"),
        ("S3cr3tP4ssw0rd!!", "(16 characters, redacted)"),
        // A token's documented prefix, which every token of its rule has.
        (github.as_str(), "ghp_… (40 characters, redacted)"),
        // A word that starts as a token does but lacks its shape shows nothing either.
        ("ghp_short", "(9 characters, redacted)"),
    ];
    for (secret, shown) in cases {
        assert_eq!(crate::redact(secret), shown, "{secret}");
    }
    // Whatever the rule, what is shown of a secret is a prefix its rule's table defines.
    for text in [github.as_str(), "AKIAZ7Q3N5XK2M4PL6RT"] {
        let prefix = crate::public_prefix(text);
        assert!(
            crate::RULES.iter().any(|rule| rule
                .token
                .as_ref()
                .is_some_and(|t| t.prefixes.contains(&prefix))),
            "{text}: {prefix}"
        );
    }
}

/// A short text a scan found clean is remembered by its exact bytes: texts that differ from a
/// short secret in one byte anywhere, in case, or in length, scanned first (and found clean
/// or not), leave the secret found; and every text gets the answer of a scan of its own.
#[test]
fn short_texts_found_clean_are_remembered_by_their_exact_text() {
    use super::scanner::{scan, scan_joined};
    let secrets = [
        "pwd=Zq8#Lm2!xv",
        "pwd=Zq8#Lm2!xvQ",
        "pass:Xk9$mQ2z7",
        "auth=Zq8#Lm2!x",
        "token=Ab3$kQ9z",
        "Basic dXNlcjpw",
        "a://b:c9Xq!@h",
        "-u a:Zq8#Lm2!",
    ];
    let mut remembered = 0;
    for secret in secrets {
        assert!(!scan_joined(secret, &[]).is_empty(), "{secret}");
        let bytes = secret.as_bytes();
        let mut near: Vec<Vec<u8>> = Vec::new();
        for at in 0..bytes.len() {
            for replacement in [b' ', b'"', b'x', bytes[at] ^ 0x20] {
                let mut text = bytes.to_vec();
                text[at] = replacement;
                near.push(text);
            }
            near.push(bytes[..at].to_vec());
            near.push([&bytes[..at], b"7", &bytes[at..]].concat());
        }
        near.push(secret.to_ascii_uppercase().into_bytes());
        for text in &near {
            let Ok(text) = std::str::from_utf8(text) else {
                continue;
            };
            let own = scan_joined(text, &[]);
            remembered += usize::from(own.is_empty());
            // Once searched, then from the memory if clean.
            assert_eq!(scan(text), own, "{text:?}");
            assert_eq!(scan(text), own, "{text:?} again");
        }
        assert_eq!(
            scan(secret),
            scan_joined(secret, &[]),
            "{secret} after its near misses"
        );
    }
    assert!(remembered > 100, "{remembered} clean near misses");
}

/// What an array's item boundaries do to the secrets found: a secret whose anchor lies wholly
/// inside one item still spans into the next (a name's value, a token's body cut in two, the
/// items after it other text), a secret inside one item is found there whatever its
/// neighbours, and neighbours that are other text neither join onto a token nor hide it. The
/// item scans and the joined scan are two passes over the same anchors; a change that lets
/// one pass answer for the other must keep every one of these.
#[test]
fn item_boundaries_neither_join_nor_hide_a_secret() {
    let token = format!("ghp_{}", fake(ALNUM, 36, 93));
    let split = |rule: &'static str, to: usize| {
        vec![(rule, Shape::Split, "/x/0".to_owned(), Some((0, to)))]
    };
    let value =
        |rule: &'static str, at: usize| vec![(rule, Shape::Value, format!("/x/{at}"), None)];
    let cases = [
        // A name's anchor inside the first item, its value run into the second.
        (
            serde_json::json!({"x": ["deploy password=Xk9#mP2q", "Z8wL4vT7 then rotated"]}),
            split("credential-assignment", 1),
        ),
        // A token cut in two, with other text after it: the body ends at the boundary.
        (
            serde_json::json!({"x": [&token[..20], &token[20..], "abc follows"]}),
            split("github-token", 1),
        ),
        (
            serde_json::json!({"x": [&token[..20], &token[20..]]}),
            split("github-token", 1),
        ),
        // A whole token in one item, text after it or before it: found in its item.
        (
            serde_json::json!({"x": [token.clone(), "abc follows"]}),
            value("github-token", 0),
        ),
        (
            serde_json::json!({"x": ["notes", token.clone(), "more"]}),
            value("github-token", 1),
        ),
        // Anchors in prose on either side of a boundary: nothing.
        (
            serde_json::json!({"x": ["rotated the token after the review", "Bearer header is set"]}),
            Vec::new(),
        ),
    ];
    for (record, expected) in cases {
        let found: Vec<_> = scan_value(&record, fixed_words())
            .into_iter()
            .map(|f| (f.rule, f.shape, f.pointer.to_string(), f.items))
            .collect();
        assert_eq!(found, expected, "{record}");
    }
}

/// A word that names a credential, at the edges of what its matcher reads after it: the
/// operator after spaces (up to four) and after a quoted key's closing quotes (up to two),
/// the operators that are not (`::`), prose verbs, a scheme, the end of the text,
/// non-ASCII text, trailing punctuation, and an item boundary between a name and its value.
/// A name's operator is looked for before its class (perf-35): these are found or not
/// whichever comes first.
#[test]
fn a_credential_word_is_judged_by_what_follows_it() {
    const V: &str = "Xk9#mP2qZ8wL4vT7";
    const T: &str = "kq3Zr8WvLp2Nx7Tb5Hm9Yc4D";
    let cases: Vec<(String, Option<(&str, &str)>)> = vec![
        (format!("password={V}"), Some(("credential-assignment", V))),
        (
            format!("password    = {V}"),
            Some(("credential-assignment", V)),
        ),
        (format!("password     = {V}"), None),
        (
            format!("password\t:{V}"),
            Some(("credential-assignment", V)),
        ),
        (format!("password:={V}"), Some(("credential-assignment", V))),
        (
            format!("password => {V}"),
            Some(("credential-assignment", V)),
        ),
        (format!("password::{V}"), None),
        (
            format!("\"password\": \"{V}\""),
            Some(("credential-assignment", V)),
        ),
        (
            format!("['password'] = '{V}'"),
            Some(("credential-assignment", V)),
        ),
        (format!("password\"\"\"={V}"), None),
        (
            format!("<password>{V}</password>"),
            Some(("credential-assignment", V)),
        ),
        (
            format!("--password {V}"),
            Some(("credential-assignment", V)),
        ),
        (format!("password {V}"), None),
        (format!("password.={V}"), None),
        (format!("passwordé={V}"), None),
        (format!("password é= {V}"), None),
        (format!("/secret/={V}"), None),
        (format!("API key = {V}"), Some(("credential-assignment", V))),
        (format!("Bearer {T}"), Some(("bearer-token", T))),
        (format!("the Bearer {T} header"), Some(("bearer-token", T))),
        (
            format!("Authorization: Bearer {T}"),
            Some(("bearer-token", T)),
        ),
        (format!("Bearer  {T}"), None),
        ("rotated the token after the review".into(), None),
        ("the deploy key for the mirror".into(), None),
        ("Authorization: Bearer header".into(), None),
        ("password".into(), None),
        ("the password".into(), None),
        ("the password ".into(), None),
        ("the password =".into(), None),
        ("the password was".into(), None),
        ("the password → rotated".into(), None),
    ];
    let mut wrong = Vec::new();
    for (text, expected) in cases {
        let found: Vec<_> = scan(&text)
            .into_iter()
            .map(|f| (f.rule, &text[f.range]))
            .collect();
        if found != expected.into_iter().collect::<Vec<_>>() {
            wrong.push(format!("{text:?}: {found:?}"));
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
    // A name and its operator at the end of one item, its value cut over the next two: the
    // joined scan reads the operator across the boundary and finds the value over both.
    let record =
        serde_json::json!({"x": ["deploy password =", " Xk9#mP2q", "Z8wL4vT7 then rotated"]});
    let found: Vec<_> = scan_value(&record, fixed_words())
        .into_iter()
        .map(|f| (f.rule, f.shape, f.pointer.to_string(), f.items))
        .collect();
    assert_eq!(
        found,
        vec![(
            "credential-assignment",
            Shape::Split,
            "/x/1".to_owned(),
            Some((1, 2))
        )]
    );
}
