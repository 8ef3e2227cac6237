/**
 * What the privacy check looks for before a prompt is shared. The provider patterns are those of
 * gitleaks (github.com/gitleaks/gitleaks, MIT licence, config/gitleaks.toml), written for
 * JavaScript: its rule ids, its minimum Shannon entropies and its allowlists (AWS's documented
 * ...EXAMPLE keys). Every quantifier is bounded, so a scan takes time in proportion to the text.
 * Two changes to theirs: OpenAI's pattern lets a key end in "-" (gitleaks's word boundary there
 * missed it), and a token typed as filler ("ghp_xxxxxx...") is let through. The AWS secret key,
 * the narrowed generic assignment, passwords in addresses, emails and phone numbers are ours;
 * docs/decisions/0016 says which look-alikes they let through and why.
 */
export interface SecretRule {
  id: string;
  /** What a person is told was found. */
  label: string;
  /** Global; when it has a first group, that group is the finding. */
  pattern: RegExp;
  /**
   * Where each finding ends, when it is not where the pattern's match ends: made once per text
   * scanned, so it may remember what it found (matches come in order of where they end).
   */
  extendIn?: (text: string) => (matchEnd: number) => number | null;
  /** Lower-case words one of which the text must hold before the pattern runs (as gitleaks). */
  keywords?: string[];
  /** The least Shannon entropy, in bits per character, the found text must have. */
  entropy?: number;
  /** Found text that is not a secret after all: a documented example, a placeholder. */
  allow?: (found: string) => boolean;
}

/** Where a gitleaks token ends: a quote, space, semicolon, an escaped line break, or the end. */
const tokenEnd = String.raw`(?=[\x60'"\s;]|\\[nr]|$)`;

export const secretRules: SecretRule[] = [
  {
    id: "private-key",
    label: "Private key",
    pattern: /-----BEGIN[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----/g,
    keywords: ["private key"],
    extendIn: keyBlockEnds,
  },
  {
    id: "aws-access-token",
    label: "AWS access key",
    pattern: /\b((?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16})\b/g,
    keywords: ["a3t", "akia", "asia", "abia", "acca"],
    entropy: 3,
    // AWS's own documentation uses AKIAIOSFODNN7EXAMPLE; gitleaks lets every ...EXAMPLE pass.
    allow: (found) => found.endsWith("EXAMPLE"),
  },
  {
    id: "aws-secret-key",
    label: "AWS secret access key",
    pattern:
      /(?:aws_?)?secret_?(?:access_?)?key["']?[ \t]{0,5}[:=][ \t]{0,5}["']?([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+])/gi,
    keywords: ["secret"],
    entropy: 4,
    // The secret key AWS documents beside AKIAIOSFODNN7EXAMPLE.
    allow: (found) => found.endsWith("EXAMPLEKEY"),
  },
  {
    id: "openai-api-key",
    label: "OpenAI API key",
    pattern: new RegExp(
      String.raw`\b(sk-(?:proj|svcacct|admin)-(?:[A-Za-z0-9_-]{74}|[A-Za-z0-9_-]{58})T3BlbkFJ(?:[A-Za-z0-9_-]{74}|[A-Za-z0-9_-]{58})|sk-[a-zA-Z0-9]{20}T3BlbkFJ[a-zA-Z0-9]{20})${tokenEnd}`,
      "g",
    ),
    keywords: ["t3blbkfj"],
    entropy: 3,
    allow: isFiller,
  },
  {
    id: "anthropic-api-key",
    label: "Anthropic API key",
    pattern: new RegExp(
      String.raw`\b(sk-ant-(?:api03|admin01)-[a-zA-Z0-9_-]{93}AA)${tokenEnd}`,
      "g",
    ),
    keywords: ["sk-ant-api03", "sk-ant-admin01"],
    allow: isFiller,
  },
  {
    id: "github-token",
    label: "GitHub token",
    pattern: /\b((?:ghp|gho|ghu|ghs|ghr)_[0-9a-zA-Z]{36})\b/g,
    keywords: ["ghp_", "gho_", "ghu_", "ghs_", "ghr_"],
    entropy: 3,
    allow: isFiller,
  },
  {
    id: "github-fine-grained-pat",
    label: "GitHub token",
    pattern: /\b(github_pat_\w{82})\b/g,
    keywords: ["github_pat_"],
    entropy: 3,
    allow: isFiller,
  },
  {
    id: "gcp-api-key",
    label: "Google API key",
    pattern: new RegExp(String.raw`\b(AIza[\w-]{35})${tokenEnd}`, "g"),
    keywords: ["aiza"],
    entropy: 4,
    allow: isFiller,
  },
  {
    id: "slack-token",
    label: "Slack token",
    // gitleaks's slack-bot-token, slack-user-token, slack-app-token and the legacy tokens.
    pattern:
      /\b(xoxb-[0-9]{10,13}-[0-9]{10,13}[a-zA-Z0-9-]{0,64}|xox[pe](?:-[0-9]{10,13}){3}-[a-zA-Z0-9-]{28,34}|xapp-\d-[A-Za-z0-9]{1,20}-\d{1,20}-[a-z0-9]{1,100}|xox[os]-\d{1,20}-\d{1,20}-\d{1,20}-[a-fA-F\d]{1,100}|xox[ar]-(?:\d-)?[0-9a-zA-Z]{8,48}|xoxb-[0-9]{8,14}-[a-zA-Z0-9]{18,26})/g,
    keywords: ["xoxb", "xoxp", "xoxe", "xapp", "xoxo", "xoxs", "xoxa", "xoxr"],
    entropy: 2,
    allow: isFiller,
  },
  {
    id: "slack-webhook-url",
    label: "Slack webhook",
    pattern:
      /((?:https?:\/\/)?hooks\.slack\.com\/(?:services|workflows|triggers)\/[A-Za-z0-9+/]{43,56})/g,
    keywords: ["hooks.slack.com"],
    allow: isFiller,
  },
  {
    id: "stripe-access-token",
    label: "Stripe secret key",
    pattern: new RegExp(
      String.raw`\b((?:sk|rk)_(?:test|live|prod)_[a-zA-Z0-9]{10,99})${tokenEnd}`,
      "g",
    ),
    keywords: ["sk_test", "sk_live", "sk_prod", "rk_test", "rk_live", "rk_prod"],
    entropy: 2,
    allow: isFiller,
  },
  {
    id: "jwt",
    label: "JSON Web Token",
    pattern: new RegExp(
      String.raw`\b(ey[a-zA-Z0-9]{17,2000}\.ey[a-zA-Z0-9/\\_-]{17,8000}\.(?:[a-zA-Z0-9/\\_-]{10,2000}={0,2})?)${tokenEnd}`,
      "g",
    ),
    keywords: ["ey"],
    entropy: 3,
    allow: isFiller,
  },
  {
    id: "generic-api-key",
    label: "API key or password",
    // gitleaks's generic-api-key, narrowed to assignments: a key word, then = or :, then the value.
    pattern:
      /(?:api[_-]?key|apikey|secret[_-]?key|client[_-]?secret|access[_-]?token|auth[_-]?token|passw(?:or)?d)["']?[ \t]{0,5}[:=][ \t]{0,5}["']?([A-Za-z0-9_\-+/=.~!@#$%^&*]{12,200})(?=["'\s,;]|$)/gi,
    keywords: ["key", "secret", "token", "passw"],
    entropy: 3.5,
    allow: (found) => isPlaceholder(found) || isCodeReference(found),
  },
  {
    id: "password-in-url",
    label: "Password in a web address",
    // The finding is "user:password", so removing it leaves the address's host.
    pattern: /\b[a-z][a-z0-9+.-]{1,20}:\/\/([^\s:@/]{1,64}:[^\s:@/]{1,128})@[A-Za-z0-9[]/gi,
    keywords: ["://"],
    allow: (found) => isPlaceholder(found.slice(found.indexOf(":") + 1)),
  },
  {
    id: "email-address",
    label: "Email address",
    pattern:
      /(?<![\w.%+-])([A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?){0,8}\.[A-Za-z]{2,24})\b/g,
    keywords: ["@"],
    allow: isExampleAddress,
  },
  {
    id: "phone-number",
    label: "Phone number",
    // International (+ and 8 to 15 digits) or the North American grouping (555) 123-4567.
    pattern:
      /(?<![\w+])(\+[1-9][0-9 ().-]{6,22}[0-9]|\(?\b[2-9][0-9]{2}\)?[ .-][2-9][0-9]{2}[ .-][0-9]{4})(?![\w-])/g,
    allow: isPlaceholderPhone,
  },
];

/** A token typed as a stand-in: a character six times over ("sk_live_xxxxxxxx"). */
function isFiller(found: string) {
  return /(.)\1{5}/.test(found);
}

/**
 * Values written to be filled in, not secrets: "YOUR_API_KEY", "<password>", "${TOKEN}",
 * "xxxxxxxx", "password123" and the like.
 */
function isPlaceholder(found: string) {
  const lower = found.toLowerCase();
  return (
    /^[<{[$%]/.test(found) ||
    /your|example|placeholder|changeme|redacted|dummy|sample|insert|replace|here|xxxx|\*\*\*/.test(
      lower,
    ) ||
    /^(?:pass(?:word)?|pwd|secret|token|test|demo|admin)\d*$/.test(lower)
  );
}

/**
 * A value that names where the secret is kept rather than the secret: a dotted path of names,
 * as in `const API_KEY = process.env.MINIMAX_API_KEY` or `config.apiKey`.
 */
function isCodeReference(found: string) {
  return /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$/.test(found);
}

/**
 * Addresses that are nobody's: the domains RFC 2606 and RFC 6761 keep for examples
 * (example.com, .org, .net; .example, .test, .invalid, .localhost), and the stand-ins people
 * write in templates ("user@domain.ext", "you@yourcompany.com").
 */
function isExampleAddress(found: string) {
  const domain = found.slice(found.lastIndexOf("@") + 1).toLowerCase();
  return (
    /(?:^|\.)example\.(?:com|net|org)$/.test(domain) ||
    /\.(?:example|test|invalid|localhost)$/.test(domain) ||
    /^(?:domain|your[a-z-]*)\./.test(domain)
  );
}

/**
 * Not a phone number to guard: too few or too many digits for one (8 to 15 with a +, as E.164),
 * the North American numbers kept for fiction (555-0100 to 555-0199), a run such as
 * 123-456-7890, or one digit repeated.
 */
function isPlaceholderPhone(found: string) {
  const digits = found.replace(/\D/g, "");
  if (found.startsWith("+") && (digits.length < 8 || digits.length > 15)) return true;
  return (
    /55501\d\d$/.test(digits) ||
    "12345678901234567890".includes(digits) ||
    "09876543210987654321".includes(digits) ||
    /^(\d)\1+$/.test(digits)
  );
}

const keyFooter = /-----END[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----/g;

/**
 * A private key block runs from its header to its footer, or to the end of the text when the
 * footer was not pasted. As in gitleaks, it needs 64 characters of key after the header: a
 * prompt explaining the format names the header alone, and that is no finding (null).
 */
function keyBlockEnds(text: string) {
  // The first footer at or after the last header looked at: found once, and again only past it,
  // and the key characters before each place counted once, so a text of many headers is read
  // a fixed number of times however many there are.
  let footer: RegExpExecArray | null | undefined;
  let keyCharsBefore: Int32Array | undefined;
  return (headerEnd: number) => {
    if (footer === undefined || (footer !== null && footer.index < headerEnd)) {
      keyFooter.lastIndex = headerEnd;
      footer = keyFooter.exec(text);
    }
    keyCharsBefore ??= keyCharCounts(text);
    // A key's first lines are enough to tell.
    const bodyEnd = Math.min(footer ? footer.index : text.length, headerEnd + 4096);
    if ((keyCharsBefore[bodyEnd] ?? 0) - (keyCharsBefore[headerEnd] ?? 0) < 64) return null;
    return footer ? footer.index + footer[0].length : text.length;
  };
}

/** How many of the characters a key is written in (A-Z a-z 0-9 + / =) come before each place. */
function keyCharCounts(text: string) {
  const counts = new Int32Array(text.length + 1);
  for (let at = 0; at < text.length; at++) {
    const c = text.charCodeAt(at);
    const isKeyChar =
      (c >= 48 && c <= 57) ||
      (c >= 65 && c <= 90) ||
      (c >= 97 && c <= 122) ||
      c === 43 ||
      c === 47 ||
      c === 61;
    counts[at + 1] = (counts[at] ?? 0) + (isKeyChar ? 1 : 0);
  }
  return counts;
}
