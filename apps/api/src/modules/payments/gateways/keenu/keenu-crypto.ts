import { createHmac, createSign, createVerify, timingSafeEqual } from "node:crypto";

/** The 2020+ request checksum: RSA-SHA256 over "Client|Merchant|Bank|Order|Amount|date|time". */
export const requestChecksumText = (p: {
  clientId: string;
  merchantId: string;
  bankId: string;
  orderNo: string;
  amount: string;
  date: string;
  time: string;
}) => [p.clientId, p.merchantId, p.bankId, p.orderNo, p.amount, p.date, p.time].join("|");

export function signRequest(text: string, merchantPrivateKey: string): string {
  return createSign("RSA-SHA256").update(text).sign(merchantPrivateKey, "base64");
}

export function verifyRequest(text: string, checksum: string, merchantPublicKey: string): boolean {
  try {
    return createVerify("RSA-SHA256")
      .update(text)
      .verify(merchantPublicKey, Buffer.from(checksum, "base64"));
  } catch {
    return false;
  }
}

/**
 * The callback checksum: hex HMAC-MD5 keyed with the shared secret over
 * "secret|merchantId|orderNo|orderAmount|bankName|transactionStatus|date|time".
 */
export function responseChecksum(
  secret: string,
  p: {
    merchantId: string;
    orderNo: string;
    amount: string;
    bankName: string;
    status: string;
    date: string;
    time: string;
  },
): string {
  const text = [secret, p.merchantId, p.orderNo, p.amount, p.bankName, p.status, p.date, p.time];
  return createHmac("md5", secret).update(text.join("|")).digest("hex");
}

/** Case-insensitive, constant-time comparison of two hex strings. */
export function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a.toLowerCase());
  const y = Buffer.from(b.toLowerCase());
  return x.length === y.length && timingSafeEqual(x, y);
}
