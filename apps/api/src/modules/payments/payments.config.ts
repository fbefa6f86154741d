import { generateKeyPair, randomBytes, randomInt } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type Config, ConfigError } from "@maidan/config/config";
import { AppError } from "@maidan/contracts/errors";
import { PAYMENT_GATEWAYS } from "@maidan/contracts/payments";
import { databaseSecrets } from "@maidan/db/shared-secrets";
import type { AlfalahConfig } from "./gateways/alfalah/alfalah.ts";
import type { EasypaisaConfig } from "./gateways/easypaisa/easypaisa.ts";
import type { HblConfig } from "./gateways/hbl/hbl.ts";
import type { KeenuConfig } from "./gateways/keenu/keenu.ts";
import type { NiftConfig } from "./gateways/nift/nift.ts";

export const GATEWAYS = PAYMENT_GATEWAYS;

/** NIFT's status inquiry at its sandbox (sandbox/nift.sandbox.ts serves it). */
export const NIFT_SANDBOX_INQUIRY = "/sandbox/nift/ApplicationAPI/API/PaymentInquiry/Inquire";

/**
 * The header the shop adds to its in-process calls to a sandbox made for a shopper (never to a
 * live gateway, whose URLs are absolute): the sandbox picks that shopper's fault rule by it.
 */
export const SANDBOX_SHOPPER_HEADER = "x-sandbox-shopper";
export type GatewayName = (typeof GATEWAYS)[number];

/**
 * How a gateway runs: `live` (its URL is set), `sandbox` (the built-in one) or `off` (switched
 * off with PAYMENTS_DISABLED and not live: no configuration at all). `enabled` says whether new
 * payments may start; a live gateway switched off still verifies what its payments send back.
 */
type Mode<T> = { mode: "live" | "sandbox" | "off"; enabled: boolean; config: () => Promise<T> };
export type GatewayConfigs = {
  easypaisa: Mode<EasypaisaConfig>;
  alfalah: Mode<AlfalahConfig>;
  hbl: Mode<HblConfig>;
  keenu: Mode<KeenuConfig>;
  nift: Mode<NiftConfig>;
  /** The keys the sandboxes hold in place of the banks (only for gateways in sandbox mode). */
  sandbox: () => Promise<SandboxSecrets>;
  /** Some enabled gateway takes sandbox payments: every page says so (decision 024). */
  testMode: boolean;
};

/** What a sandbox knows: the merchant's shared secrets and the bank's side of the key pairs. */
export type SandboxSecrets = {
  easypaisa: EasypaisaConfig;
  alfalah: AlfalahConfig;
  nift: Omit<NiftConfig, "inquiryUrl">;
  keenu: { merchantId: string; clientId: string; password: string; secret: string };
  hbl: { userId: string; password: string; channel: string };
  keys: {
    hblPrivate: string;
    hblPublic: string;
    merchantPublic: string;
    merchantPrivate: string;
    keenuPrivate: string;
    keenuPublic: string;
  };
};

/** Who a gateway is to the shopper (messages, the ribbon, the refusal of a switched-off one). */
export const GATEWAY_LABELS: Record<GatewayName, string> = {
  easypaisa: "Easypaisa",
  alfalah: "Bank Alfalah",
  hbl: "HBL Pay",
  keenu: "Keenu",
  nift: "NIFT ePay",
};

/** A switched-off gateway's payments and callbacks: 400 with the reason (decision 024). */
export const switchedOff = (g: GatewayName) =>
  new AppError(
    "GATEWAY_DISABLED",
    `${GATEWAY_LABELS[g]} is switched off at this shop. Please choose another payment method.`,
  );

/**
 * Each gateway is live when its URL is set (then every credential must be too), off when
 * PAYMENTS_DISABLED names it and it is not live, else it runs against the built-in sandbox.
 * Sandboxes need PAYMENTS_SANDBOX=true in production (decision 024).
 */
export function gatewayConfigs(config: Config): GatewayConfigs {
  const dir = join(config.dataDir, "payments-sandbox");
  const secrets = memo(() =>
    // An external database is shared by every instance: so are the sandbox's keys (decision 031).
    config.DATABASE_URL ? sharedSandboxSecrets(config.DATABASE_URL, dir) : sandboxSecrets(dir),
  );
  const missing: string[] = [];
  const need = (name: keyof Config) => {
    const v = config[name];
    if (typeof v !== "string" || v === "")
      missing.push(`config: ${String(name)}: required when the gateway is live`);
    return typeof v === "string" ? v : "";
  };
  const pem = (name: keyof Config) => {
    const file = need(name);
    if (file && !existsSync(file)) missing.push(`config: ${String(name)}: no such file ${file}`);
    return file;
  };

  const easypaisa: Mode<EasypaisaConfig> = config.EASYPAISA_URL
    ? live({
        baseUrl: config.EASYPAISA_URL.replace(/\/$/, ""),
        storeId: need("EASYPAISA_STORE_ID"),
        hashKey: need("EASYPAISA_HASH_KEY"),
        accountNum: need("EASYPAISA_ACCOUNT_NUM"),
        username: need("EASYPAISA_USERNAME"),
        password: need("EASYPAISA_PASSWORD"),
      })
    : sandbox(async () => (await secrets()).easypaisa);

  const alfalah: Mode<AlfalahConfig> = config.ALFALAH_URL
    ? live({
        baseUrl: config.ALFALAH_URL.replace(/\/$/, ""),
        merchantId: need("ALFALAH_MERCHANT_ID"),
        storeId: need("ALFALAH_STORE_ID"),
        merchantHash: need("ALFALAH_MERCHANT_HASH"),
        username: need("ALFALAH_USERNAME"),
        password: need("ALFALAH_PASSWORD"),
        key1: need("ALFALAH_KEY1"),
        key2: need("ALFALAH_KEY2"),
      })
    : sandbox(async () => (await secrets()).alfalah);

  const nift: Mode<NiftConfig> = config.NIFT_URL
    ? live({
        formUrl: config.NIFT_URL,
        inquiryUrl: need("NIFT_INQUIRY_URL"),
        merchantId: need("NIFT_MERCHANT_ID"),
        subMerchantId: config.NIFT_SUB_MERCHANT_ID ?? "",
        password: need("NIFT_PASSWORD"),
        salt: need("NIFT_SALT"),
      })
    : sandbox(async () => ({ ...(await secrets()).nift, inquiryUrl: NIFT_SANDBOX_INQUIRY }));

  let hbl: Mode<HblConfig>;
  if (config.HBL_API_URL) {
    const base = {
      apiUrl: config.HBL_API_URL,
      redirectUrl: need("HBL_REDIRECT_URL"),
      userId: need("HBL_USER_ID"),
      password: need("HBL_PASSWORD"),
      channel: need("HBL_CHANNEL"),
    };
    const pub = pem("HBL_PUBLIC_KEY_FILE");
    const priv = pem("HBL_MERCHANT_PRIVATE_KEY_FILE");
    hbl = {
      mode: "live",
      enabled: true,
      config: memo(async () => ({
        ...base,
        hblPublicKey: readFileSync(pub, "utf8"),
        merchantPrivateKey: readFileSync(priv, "utf8"),
      })),
    };
  } else {
    hbl = sandbox(async () => {
      const s = await secrets();
      return {
        apiUrl: "/sandbox/hbl/HBLPay/api/checkout",
        redirectUrl: "/sandbox/hbl/HBLPay/Site/index.html#/checkout?data=",
        ...s.hbl,
        hblPublicKey: s.keys.hblPublic,
        merchantPrivateKey: s.keys.merchantPrivate,
      };
    });
  }

  let keenu: Mode<KeenuConfig>;
  if (config.KEENU_REDIRECT_URL) {
    const base = {
      redirectUrl: config.KEENU_REDIRECT_URL,
      banksUrl: need("KEENU_BANKS_URL"),
      merchantId: need("KEENU_MERCHANT_ID"),
      clientId: need("KEENU_CLIENT_ID"),
      password: need("KEENU_PASSWORD"),
      secret: need("KEENU_SECRET"),
    };
    const priv = pem("KEENU_PRIVATE_KEY_FILE");
    keenu = {
      mode: "live",
      enabled: true,
      config: memo(async () => ({ ...base, merchantPrivateKey: readFileSync(priv, "utf8") })),
    };
  } else {
    keenu = sandbox(async () => {
      const s = await secrets();
      return {
        redirectUrl: "/sandbox/keenu/redirect",
        banksUrl: "/sandbox/keenu/banks",
        ...s.keenu,
        merchantPrivateKey: s.keys.keenuPrivate,
      };
    });
  }

  const modes = { easypaisa, alfalah, hbl, keenu, nift };
  const off = new Set(config.PAYMENTS_DISABLED);
  for (const g of GATEWAYS) {
    if (!off.has(g)) continue;
    const m = modes[g] as Mode<unknown>;
    modes[g] =
      m.mode === "live"
        ? ({ ...m, enabled: false } as never)
        : ({ mode: "off", enabled: false, config: () => Promise.reject(switchedOff(g)) } as never);
  }
  const inSandbox = GATEWAYS.filter((g) => modes[g].mode === "sandbox");
  const sandboxAllowed = config.PAYMENTS_SANDBOX ?? !config.isProduction;
  if (inSandbox.length > 0 && !sandboxAllowed) {
    missing.push(
      `config: PAYMENTS_SANDBOX: ${config.isProduction ? "production" : "this start"} has gateways without live settings (${inSandbox.join(", ")}); configure them live, switch them off with PAYMENTS_DISABLED=${inSandbox.join(",")}, or set PAYMENTS_SANDBOX=true to take test payments`,
    );
  }
  if (missing.length > 0) throw new ConfigError(missing);
  return { ...modes, sandbox: secrets, testMode: inSandbox.length > 0 };
}

/** Gateways running against the built-in sandbox (their routes are mounted under /sandbox). */
export const sandboxGateways = (c: GatewayConfigs) =>
  GATEWAYS.filter((g) => c[g].mode === "sandbox");

/** Gateways that take new payments (offered at checkout). */
export const enabledGateways = (c: GatewayConfigs) => GATEWAYS.filter((g) => c[g].enabled);

const live = <T>(cfg: T): Mode<T> => ({ mode: "live", enabled: true, config: async () => cfg });
const sandbox = <T>(get: () => Promise<T>): Mode<T> => ({
  mode: "sandbox",
  enabled: true,
  config: memo(get),
});

function memo<T>(f: () => Promise<T>): () => Promise<T> {
  let p: Promise<T> | undefined;
  return () => {
    p ??= f().catch((e) => {
      p = undefined;
      throw e;
    });
    return p;
  };
}

const rsa = (bits: number) =>
  new Promise<{ publicKey: string; privateKey: string }>((ok, fail) =>
    generateKeyPair(
      "rsa",
      {
        modulusLength: bits,
        publicKeyEncoding: { type: "spki", format: "pem" },
        privateKeyEncoding: { type: "pkcs8", format: "pem" },
      },
      (e, publicKey, privateKey) => (e ? fail(e) : ok({ publicKey, privateKey })),
    ),
  );

/**
 * Sandbox credentials and key pairs in the shared database, made by the first instance that
 * needs them; from the set an older version left under DATA_DIR, if any, so its payments under
 * way still verify.
 */
async function sharedSandboxSecrets(databaseUrl: string, dir: string): Promise<SandboxSecrets> {
  const file = join(dir, "secrets.json");
  const value = await databaseSecrets(databaseUrl).get("payments-sandbox", async () =>
    existsSync(file) ? readFileSync(file, "utf8") : JSON.stringify(await newSandboxSecrets()),
  );
  return JSON.parse(value) as SandboxSecrets;
}

/** Sandbox credentials and key pairs, generated at first use under DATA_DIR (mode 600). */
async function sandboxSecrets(dir: string): Promise<SandboxSecrets> {
  const file = join(dir, "secrets.json");
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8")) as SandboxSecrets;
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const s = await newSandboxSecrets();
  // Another process may have written its set meanwhile: the first file wins and everyone reads it.
  try {
    writeFileSync(file, JSON.stringify(s), { mode: 0o600, flag: "wx" });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    return JSON.parse(readFileSync(file, "utf8")) as SandboxSecrets;
  }
  return s;
}

async function newSandboxSecrets(): Promise<SandboxSecrets> {
  const token = (n: number) => randomBytes(n).toString("base64url").slice(0, n);
  const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join("");
  // HBL uses RSA-4096 on both sides (its callback is decrypted in 512-byte blocks).
  const [hblBank, hblMerchant, keenuMerchant] = await Promise.all([
    rsa(4096),
    rsa(4096),
    rsa(2048),
  ]);
  return {
    easypaisa: {
      baseUrl: "/sandbox/easypaisa",
      storeId: digits(5),
      hashKey: token(16),
      accountNum: digits(9),
      username: "maidan-sandbox",
      password: token(16),
    },
    alfalah: {
      baseUrl: "/sandbox/alfalah",
      merchantId: digits(4),
      storeId: digits(6),
      merchantHash: token(32),
      username: "maidan",
      password: token(12),
      key1: token(16),
      key2: digits(16),
    },
    nift: {
      formUrl: "/sandbox/nift/CustomerPortal/transactionmanagement/merchantform",
      merchantId: `MC${digits(5)}`,
      subMerchantId: "",
      password: token(12),
      salt: token(12),
    },
    keenu: { merchantId: digits(6), clientId: digits(4), password: token(12), secret: token(24) },
    hbl: { userId: "maidan_sandbox", password: token(16), channel: "HBLPay_Maidan" },
    keys: {
      hblPrivate: hblBank.privateKey,
      hblPublic: hblBank.publicKey,
      merchantPrivate: hblMerchant.privateKey,
      merchantPublic: hblMerchant.publicKey,
      keenuPrivate: keenuMerchant.privateKey,
      keenuPublic: keenuMerchant.publicKey,
    },
  };
}
