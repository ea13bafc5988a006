//! The rules: one table of every kind of secret the scanner finds.
//!
//! Rules with a [`Token`] shape are provider tokens recognised by their documented prefix
//! and body (GitHub's `ghp_` and 36 alphanumerics, AWS's `AKIA` and 16 capitals or digits);
//! the others (private keys, JWTs, credentials in URIs, names assigned a credential, session
//! cookies, HTTP Basic and Bearer credentials, webhook URLs) have matchers of their own in
//! `scanner.rs`.

/// One kind of secret.
#[derive(Debug)]
pub struct Rule {
    /// The rule's id, e.g. `github-token`: shown in messages, stable.
    pub id: &'static str,
    /// What it finds, as a noun phrase for messages: "a GitHub token".
    pub kind: &'static str,
    /// What it finds, for the documentation.
    pub finds: &'static str,
    pub(crate) token: Option<Token>,
}

/// A provider token's documented shape: a prefix, then a body.
#[derive(Debug)]
pub(crate) struct Token {
    pub(crate) prefixes: &'static [&'static str],
    pub(crate) body: Charset,
    pub(crate) min: usize,
    pub(crate) max: usize,
    /// A further check of the body, where the shape needs one.
    pub(crate) check: Option<fn(&str) -> bool>,
}

/// The characters a token body is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Charset {
    /// `[A-Za-z0-9]`.
    Alnum,
    /// `[A-Za-z0-9_-]`.
    Base64Url,
    /// `[A-Za-z0-9_.-]`.
    Base64UrlDot,
    /// `[A-Za-z0-9_=-]`.
    Base64UrlPad,
    /// `[0-9a-fA-F]`.
    Hex,
    /// `[A-Z0-9]`.
    UpperAlnum,
    /// `[A-Za-z]`.
    Letters,
    /// `[A-Za-z0-9_]`.
    Word,
    /// `[A-Za-z0-9-]`.
    AlnumDash,
    /// Bech32's alphabet in capitals.
    Bech32Upper,
}

impl Charset {
    /// How many there are (for per-charset caches).
    pub(crate) const COUNT: usize = 10;

    pub(crate) const fn index(self) -> usize {
        self as usize
    }

    pub(crate) const fn contains(self, b: u8) -> bool {
        match self {
            Self::Alnum => b.is_ascii_alphanumeric(),
            Self::Base64Url => b.is_ascii_alphanumeric() || b == b'-' || b == b'_',
            Self::Base64UrlDot => b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'),
            Self::Base64UrlPad => b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'='),
            Self::Hex => b.is_ascii_hexdigit(),
            Self::UpperAlnum => b.is_ascii_uppercase() || b.is_ascii_digit(),
            Self::Letters => b.is_ascii_alphabetic(),
            Self::Word => b.is_ascii_alphanumeric() || b == b'_',
            Self::AlnumDash => b.is_ascii_alphanumeric() || b == b'-',
            // Bech32 without `1`, `b`, `i`, `o`, in capitals.
            Self::Bech32Upper => {
                (b.is_ascii_uppercase() && !matches!(b, b'B' | b'I' | b'O'))
                    || (b.is_ascii_digit() && b != b'1')
            }
        }
    }
}

/// Indexes of the rules with matchers of their own.
pub(crate) const PRIVATE_KEY: usize = 0;
pub(crate) const JWT: usize = 1;
pub(crate) const URI_CREDENTIALS: usize = 2;
pub(crate) const ASSIGNMENT: usize = 3;
pub(crate) const COOKIE: usize = 4;
pub(crate) const BEARER: usize = 5;
pub(crate) const BASIC: usize = 6;
pub(crate) const WEBHOOK: usize = 7;
pub(crate) const TELEGRAM: usize = 8;
pub(crate) const AZURE_CLIENT_SECRET: usize = 9;
pub(crate) const TERRAFORM: usize = 10;
pub(crate) const BRAINTREE: usize = 11;

const fn own(id: &'static str, kind: &'static str, finds: &'static str) -> Rule {
    Rule {
        id,
        kind,
        finds,
        token: None,
    }
}

const fn token(
    id: &'static str,
    kind: &'static str,
    finds: &'static str,
    prefixes: &'static [&'static str],
    body: Charset,
    (min, max): (usize, usize),
    check: Option<fn(&str) -> bool>,
) -> Rule {
    Rule {
        id,
        kind,
        finds,
        token: Some(Token {
            prefixes,
            body,
            min,
            max,
            check,
        }),
    }
}

fn has_digit(body: &str) -> bool {
    body.bytes().any(|b| b.is_ascii_digit())
}

fn generated(body: &str) -> bool {
    super::values::looks_generated(body)
}

/// SendGrid: `SG.` + 22 + `.` + 43 base64url characters.
fn sendgrid(body: &str) -> bool {
    matches!(body.split_once('.'), Some((id, secret)) if id.len() == 22 && secret.len() == 43)
}

/// Postman: `PMAK-` + 24 hex + `-` + 34 hex.
fn postman(body: &str) -> bool {
    matches!(body.split_once('-'), Some((a, b)) if a.len() == 24 && b.len() == 34
        && a.bytes().all(|c| c.is_ascii_hexdigit()) && b.bytes().all(|c| c.is_ascii_hexdigit()))
}

/// Databricks: 32 hex digits, optionally `-` and a digit.
fn databricks(body: &str) -> bool {
    let hex = body.split_once('-').map_or(body, |(hex, _)| hex);
    hex.len() == 32 && hex.bytes().all(|c| c.is_ascii_hexdigit())
}

/// LangSmith: 32 hex, `_`, 10 hex.
fn langsmith(body: &str) -> bool {
    matches!(body.split_once('_'), Some((a, b)) if a.len() == 32 && b.len() == 10)
}

/// Every rule, the ones with matchers of their own first (in the order of the constants above).
pub const RULES: &[Rule] = &[
    own(
        "private-key",
        "a private key",
        "a PEM private key block (`-----BEGIN … PRIVATE KEY-----`) or PuTTY key with key material",
    ),
    own(
        "jwt",
        "a JSON Web Token",
        "a JSON Web Token (`eyJ…` header, payload and signature)",
    ),
    own(
        "uri-credentials",
        "a password in a URI",
        "a password in a URI's userinfo (`https://user:pass@host`)",
    ),
    own(
        "credential-assignment",
        "a credential assigned to a name like password or token",
        "a value assigned to a credential's name (`password=`, `\"client_secret\": …`, `X-Api-Key:`, `--token …`) that looks like one",
    ),
    own(
        "cookie-header",
        "a session cookie",
        "a session cookie's value in a `Cookie` or `Set-Cookie` header (not analytics or preference cookies)",
    ),
    own(
        "bearer-token",
        "a bearer token",
        "a credential after an HTTP authorization scheme (`Authorization: Bearer …`, `token …`)",
    ),
    own(
        "http-basic",
        "HTTP Basic credentials",
        "HTTP Basic credentials (`Basic` and base64 of `user:password`)",
    ),
    own(
        "webhook-url",
        "a webhook URL",
        "Slack, Discord and Microsoft Teams incoming-webhook URLs",
    ),
    own(
        "telegram-bot-token",
        "a Telegram bot token",
        "Telegram bot tokens (`123456789:AA…`)",
    ),
    own(
        "azure-client-secret",
        "an Azure client secret",
        "Microsoft Entra (Azure AD) client secrets (`…Q~…`)",
    ),
    own(
        "terraform-token",
        "a Terraform Cloud token",
        "Terraform Cloud / HCP Terraform API tokens (`….atlasv1.…`)",
    ),
    own(
        "braintree-token",
        "a Braintree access token",
        "Braintree access tokens (`access_token$production$…`)",
    ),
    token(
        "aws-access-key-id",
        "an AWS access key id",
        "AWS access key ids (`AKIA`, `ASIA`, `ABIA`, `ACCA` and 16 capitals or digits)",
        &[
            "AKIA", "ASIA", "ABIA", "ACCA", "AROA", "AIDA", "AGPA", "ANPA", "ANVA", "AIPA",
        ],
        Charset::UpperAlnum,
        (16, 16),
        None,
    ),
    token(
        "github-token",
        "a GitHub token",
        "GitHub tokens (`ghp_`, `gho_`, `ghu_`, `ghs_`, `ghr_`, `github_pat_`)",
        &["ghp_", "gho_", "ghu_", "ghs_", "ghr_"],
        Charset::Alnum,
        (36, 255),
        None,
    ),
    token(
        "github-token",
        "a GitHub token",
        "GitHub fine-grained tokens",
        &["github_pat_"],
        Charset::Word,
        (22, 255),
        None,
    ),
    token(
        "gitlab-token",
        "a GitLab token",
        "GitLab tokens (`glpat-`, `gldt-`, `glrt-`, `glptt-`, `glsoat-`, `glcbt-`, `glimt-`, `glagent-`, `glft-`, `gloas-`)",
        &[
            "glpat-", "gldt-", "glrt-", "glptt-", "glsoat-", "glcbt-", "glimt-", "glagent-",
            "glft-", "gloas-", "glffct-",
        ],
        Charset::Base64Url,
        (20, 255),
        None,
    ),
    token(
        "slack-token",
        "a Slack token",
        "Slack tokens (`xoxb-`, `xoxp-`, `xoxa-`, `xoxr-`, `xoxs-`, `xoxe-`, `xapp-`)",
        &[
            "xoxb-",
            "xoxp-",
            "xoxa-",
            "xoxr-",
            "xoxs-",
            "xoxe-",
            "xoxe.xoxp-",
            "xapp-",
        ],
        Charset::AlnumDash,
        (10, 255),
        Some(has_digit),
    ),
    token(
        "stripe-key",
        "a Stripe secret key",
        "Stripe secret, restricted and webhook signing keys (`sk_live_`, `rk_live_`, `sk_test_`, `rk_test_`, `whsec_`)",
        &["sk_live_", "rk_live_", "sk_test_", "rk_test_", "whsec_"],
        Charset::Alnum,
        (16, 255),
        Some(has_digit),
    ),
    token(
        "anthropic-api-key",
        "an Anthropic API key",
        "Anthropic API keys (`sk-ant-api03-…`, `sk-ant-admin01-…`)",
        &["sk-ant-"],
        Charset::Base64Url,
        (32, 255),
        Some(generated),
    ),
    token(
        "openai-api-key",
        "an OpenAI-style API key",
        "OpenAI keys and keys in their style (`sk-…`, `sk-proj-…`, `sk-svcacct-…`, `sk-or-v1-…`)",
        &["sk-"],
        Charset::Base64Url,
        (32, 255),
        Some(generated),
    ),
    token(
        "google-api-key",
        "a Google API key",
        "Google API keys (`AIza` and 35 characters)",
        &["AIza"],
        Charset::Base64Url,
        (35, 35),
        None,
    ),
    token(
        "google-oauth-secret",
        "a Google OAuth client secret",
        "Google OAuth client secrets (`GOCSPX-`)",
        &["GOCSPX-"],
        Charset::Base64Url,
        (28, 28),
        None,
    ),
    token(
        "google-oauth-token",
        "a Google OAuth token",
        "Google OAuth access tokens (`ya29.`)",
        &["ya29."],
        Charset::Base64UrlDot,
        (30, 4096),
        Some(generated),
    ),
    token(
        "npm-token",
        "an npm token",
        "npm access tokens (`npm_` and 36 alphanumerics)",
        &["npm_"],
        Charset::Alnum,
        (36, 36),
        None,
    ),
    token(
        "pypi-token",
        "a PyPI token",
        "PyPI and TestPyPI API tokens (`pypi-AgEIcHlwaS5vcmc…`)",
        &["pypi-AgEIcHlwaS5vcmc", "pypi-AgENdGVzdC5weXBpLm9yZw"],
        Charset::Base64Url,
        (50, 4096),
        None,
    ),
    token(
        "docker-hub-token",
        "a Docker Hub token",
        "Docker Hub personal and organization access tokens (`dckr_pat_`, `dckr_oat_`)",
        &["dckr_pat_", "dckr_oat_"],
        Charset::Base64Url,
        (27, 255),
        None,
    ),
    token(
        "hugging-face-token",
        "a Hugging Face token",
        "Hugging Face user and organization tokens (`hf_`, `api_org_` and 34 letters)",
        &["hf_", "api_org_"],
        Charset::Letters,
        (34, 34),
        Some(generated),
    ),
    token(
        "sendgrid-key",
        "a SendGrid API key",
        "SendGrid API keys (`SG.` and two parts)",
        &["SG."],
        Charset::Base64UrlDot,
        (66, 66),
        Some(sendgrid),
    ),
    token(
        "shopify-token",
        "a Shopify token",
        "Shopify access tokens and shared secrets (`shpat_`, `shpca_`, `shppa_`, `shpss_`)",
        &["shpat_", "shpca_", "shppa_", "shpss_"],
        Charset::Hex,
        (32, 32),
        None,
    ),
    token(
        "digitalocean-token",
        "a DigitalOcean token",
        "DigitalOcean personal, OAuth and refresh tokens (`dop_v1_`, `doo_v1_`, `dor_v1_`)",
        &["dop_v1_", "doo_v1_", "dor_v1_"],
        Charset::Hex,
        (64, 64),
        None,
    ),
    token(
        "databricks-token",
        "a Databricks token",
        "Databricks personal access tokens (`dapi` and 32 hex digits)",
        &["dapi"],
        Charset::AlnumDash,
        (32, 40),
        Some(databricks),
    ),
    token(
        "atlassian-token",
        "an Atlassian API token",
        "Atlassian API tokens (`ATATT3…`)",
        &["ATATT3"],
        Charset::Base64UrlPad,
        (50, 400),
        None,
    ),
    token(
        "linear-api-key",
        "a Linear API key",
        "Linear API keys (`lin_api_` and 40 alphanumerics)",
        &["lin_api_"],
        Charset::Alnum,
        (40, 40),
        None,
    ),
    token(
        "notion-token",
        "a Notion token",
        "Notion integration tokens (`secret_` and 43 alphanumerics, `ntn_`)",
        &["secret_", "ntn_"],
        Charset::Alnum,
        (40, 60),
        Some(generated),
    ),
    token(
        "postman-api-key",
        "a Postman API key",
        "Postman API keys (`PMAK-`)",
        &["PMAK-"],
        Charset::AlnumDash,
        (59, 59),
        Some(postman),
    ),
    token(
        "doppler-token",
        "a Doppler token",
        "Doppler tokens (`dp.pt.`, `dp.st.`, `dp.sa.`, `dp.ct.`, `dp.scim.`, `dp.audit.`)",
        &[
            "dp.pt.",
            "dp.st.",
            "dp.sa.",
            "dp.ct.",
            "dp.scim.",
            "dp.audit.",
        ],
        Charset::Alnum,
        (40, 64),
        None,
    ),
    token(
        "vault-token",
        "a HashiCorp Vault token",
        "HashiCorp Vault service, batch and recovery tokens (`hvs.`, `hvb.`, `hvr.`)",
        &["hvs.", "hvb.", "hvr."],
        Charset::Base64Url,
        (24, 255),
        Some(generated),
    ),
    token(
        "age-secret-key",
        "an age secret key",
        "age encryption secret keys (`AGE-SECRET-KEY-1…`)",
        &["AGE-SECRET-KEY-1"],
        Charset::Bech32Upper,
        (58, 58),
        None,
    ),
    token(
        "sentry-token",
        "a Sentry token",
        "Sentry organization and user auth tokens (`sntrys_`, `sntryu_`)",
        &["sntrys_", "sntryu_"],
        Charset::Base64UrlPad,
        (50, 400),
        None,
    ),
    token(
        "grafana-token",
        "a Grafana token",
        "Grafana service account and Cloud tokens (`glsa_`, `glc_`)",
        &["glsa_", "glc_"],
        Charset::Base64UrlPad,
        (32, 400),
        Some(generated),
    ),
    token(
        "new-relic-key",
        "a New Relic key",
        "New Relic user API keys (`NRAK-` and 27 characters)",
        &["NRAK-"],
        Charset::UpperAlnum,
        (27, 27),
        None,
    ),
    token(
        "mapbox-token",
        "a Mapbox secret token",
        "Mapbox secret tokens (`sk.eyJ…`)",
        &["sk.eyJ"],
        Charset::Base64UrlDot,
        (60, 1024),
        None,
    ),
    token(
        "supabase-token",
        "a Supabase token",
        "Supabase personal access tokens (`sbp_` and 40 hex digits)",
        &["sbp_"],
        Charset::Hex,
        (40, 40),
        None,
    ),
    token(
        "planetscale-token",
        "a PlanetScale token",
        "PlanetScale service tokens, passwords and OAuth tokens (`pscale_tkn_`, `pscale_pw_`, `pscale_oauth_`)",
        &["pscale_tkn_", "pscale_pw_", "pscale_oauth_"],
        Charset::Base64UrlDot,
        (32, 64),
        None,
    ),
    token(
        "replicate-token",
        "a Replicate token",
        "Replicate API tokens (`r8_` and 37 alphanumerics)",
        &["r8_"],
        Charset::Alnum,
        (37, 40),
        Some(generated),
    ),
    token(
        "groq-api-key",
        "a Groq API key",
        "Groq API keys (`gsk_` and 52 alphanumerics)",
        &["gsk_"],
        Charset::Alnum,
        (52, 52),
        None,
    ),
    token(
        "perplexity-api-key",
        "a Perplexity API key",
        "Perplexity API keys (`pplx-` and 48 alphanumerics)",
        &["pplx-"],
        Charset::Alnum,
        (48, 56),
        None,
    ),
    token(
        "xai-api-key",
        "an xAI API key",
        "xAI API keys (`xai-` and 80 alphanumerics)",
        &["xai-"],
        Charset::Alnum,
        (80, 80),
        None,
    ),
    token(
        "pulumi-token",
        "a Pulumi token",
        "Pulumi access tokens (`pul-` and 40 hex digits)",
        &["pul-"],
        Charset::Hex,
        (40, 40),
        None,
    ),
    token(
        "mailgun-key",
        "a Mailgun API key",
        "Mailgun API keys (`key-` and 32 hex digits)",
        &["key-"],
        Charset::Hex,
        (32, 32),
        None,
    ),
    token(
        "square-token",
        "a Square token",
        "Square access tokens and OAuth secrets (`sq0atp-`, `sq0csp-`)",
        &["sq0atp-", "sq0csp-"],
        Charset::Base64Url,
        (22, 60),
        None,
    ),
    token(
        "langsmith-key",
        "a LangSmith API key",
        "LangSmith personal and service keys (`lsv2_pt_`, `lsv2_sk_`)",
        &["lsv2_pt_", "lsv2_sk_"],
        Charset::Word,
        (43, 43),
        Some(langsmith),
    ),
    token(
        "tavily-api-key",
        "a Tavily API key",
        "Tavily API keys (`tvly-`)",
        &["tvly-"],
        Charset::Base64Url,
        (32, 64),
        Some(generated),
    ),
    token(
        "firecrawl-api-key",
        "a Firecrawl API key",
        "Firecrawl API keys (`fc-` and 32 hex digits)",
        &["fc-"],
        Charset::Hex,
        (32, 32),
        None,
    ),
    token(
        "e2b-api-key",
        "an E2B API key",
        "E2B API keys (`e2b_` and 40 hex digits)",
        &["e2b_"],
        Charset::Hex,
        (40, 40),
        None,
    ),
    token(
        "pinecone-api-key",
        "a Pinecone API key",
        "Pinecone API keys (`pcsk_`)",
        &["pcsk_"],
        Charset::Word,
        (50, 120),
        Some(generated),
    ),
    token(
        "buildkite-token",
        "a Buildkite token",
        "Buildkite user access tokens (`bkua_` and 40 hex digits)",
        &["bkua_"],
        Charset::Hex,
        (40, 40),
        None,
    ),
    token(
        "netlify-token",
        "a Netlify token",
        "Netlify personal access tokens (`nfp_`)",
        &["nfp_"],
        Charset::Alnum,
        (36, 40),
        Some(generated),
    ),
    token(
        "figma-token",
        "a Figma token",
        "Figma personal access tokens (`figd_`)",
        &["figd_"],
        Charset::Base64Url,
        (40, 60),
        Some(generated),
    ),
    token(
        "contentful-token",
        "a Contentful token",
        "Contentful personal access tokens (`CFPAT-` and 43 characters)",
        &["CFPAT-"],
        Charset::Base64Url,
        (43, 43),
        None,
    ),
    token(
        "circleci-token",
        "a CircleCI token",
        "CircleCI personal API tokens (`CCIPAT_`)",
        &["CCIPAT_"],
        Charset::Base64Url,
        (40, 80),
        Some(generated),
    ),
    token(
        "onepassword-token",
        "a 1Password service account token",
        "1Password service account tokens (`ops_eyJ…`)",
        &["ops_eyJ"],
        Charset::Base64UrlPad,
        (100, 4096),
        None,
    ),
    token(
        "jfrog-token",
        "a JFrog token",
        "JFrog API keys (`AKCp`) and reference tokens (`cmVmdGtu`)",
        &["AKCp", "cmVmdGtu"],
        Charset::Alnum,
        (56, 80),
        Some(generated),
    ),
    token(
        "bitbucket-app-password",
        "a Bitbucket app password",
        "Bitbucket app passwords and API tokens (`ATBB`, `ATCTT3`)",
        &["ATBB", "ATCTT3"],
        Charset::Base64UrlPad,
        (32, 300),
        Some(generated),
    ),
    token(
        "facebook-token",
        "a Facebook access token",
        "Meta (Facebook, Instagram, WhatsApp) access tokens (`EAA…`)",
        &["EAAB", "EAAG", "EAAJ", "EAAI", "EAAD", "EAAC", "EAAH"],
        Charset::Alnum,
        (100, 512),
        Some(generated),
    ),
];

/// The rule with `id` (the first, for ids shared by two shapes).
#[must_use]
pub fn rule(id: &str) -> Option<&'static Rule> {
    RULES.iter().find(|r| r.id == id)
}
