import type { AdminOrderDetail } from "@maidan/contracts/admin-orders";
import type PDFDocument from "pdfkit";
import { code128Widths } from "./code128.ts";

/*
 * The order's printed papers (decision 045), drawn with pdfkit in its built-in Helvetica: the
 * shipping label (A6, what the courier needs at the door), the packing slip (what goes in the
 * box, no prices) and the invoice (A4, with the money). The order number is also the document's
 * title, so a reader (and a test) finds it without decoding the page.
 */

const rs = (n: number) => `${n < 0 ? "−" : ""}Rs ${Math.abs(n).toLocaleString("en-PK")}`;
const when = (iso: string) => new Date(iso).toISOString().slice(0, 10);

/**
 * A document of `size`, collected into one Buffer when `draw` has written it. pdfkit is loaded at
 * the first document, not at start: it holds ~16 MB resident (issue #19's memory bar).
 */
async function render(
  title: string,
  size: "A4" | "A6",
  draw: (doc: PDFKit.PDFDocument) => void,
): Promise<Buffer> {
  const Pdf: typeof PDFDocument = (await import("pdfkit")).default;
  const doc = new Pdf({
    size,
    margin: size === "A6" ? 18 : 48,
    info: { Title: title, Author: "Maidan", Subject: title },
  });
  const chunks: Buffer[] = [];
  return new Promise((ok, fail) => {
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => ok(Buffer.concat(chunks)));
    doc.on("error", fail);
    draw(doc);
    doc.end();
  });
}

const addressLines = (a: AdminOrderDetail["address"]) =>
  [a.address, a.landmark, `${a.city}, ${a.province}${a.zip ? ` ${a.zip}` : ""}`].filter(
    (l): l is string => Boolean(l),
  );

/** The consignment number as a Code 128 barcode, `height` points tall, at the current line. */
function barcode(doc: PDFKit.PDFDocument, text: string, height: number) {
  const widths = code128Widths(text);
  const modules = widths.reduce((a, b) => a + b, 0);
  const usable = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const unit = Math.min(1.2, usable / (modules + 20));
  let x = doc.page.margins.left + 10 * unit;
  const y = doc.y;
  widths.forEach((w, i) => {
    if (i % 2 === 0) doc.rect(x, y, w * unit, height).fill("#000");
    x += w * unit;
  });
  doc.fillColor("#000");
  doc.y = y + height + 4;
  doc.x = doc.page.margins.left;
}

/** What is still to collect at the door: the total of an unpaid COD order, else 0. */
export const codDue = (d: AdminOrderDetail) =>
  d.payment.method === "COD" && d.payment.status !== "paid" ? d.amount.total : 0;

export function labelPdf(d: AdminOrderDetail, courier: string, consignmentNo: string) {
  return render(`Shipping label ${d.orderNo}`, "A6", (doc) => {
    doc.fontSize(16).font("Helvetica-Bold").text(courier);
    doc.moveDown(0.3);
    barcode(doc, consignmentNo, 40);
    doc.fontSize(11).font("Helvetica").text(`Consignment no. ${consignmentNo}`);
    doc.moveDown(0.5).fontSize(10).text(`Order ${d.orderNo}`);
    doc.moveDown(0.5).font("Helvetica-Bold").text("Deliver to");
    doc.font("Helvetica").text(d.address.fullName);
    for (const l of addressLines(d.address)) doc.text(l);
    doc.text(`Phone ${d.address.phone}`);
    const due = codDue(d);
    doc.moveDown(0.5).fontSize(14).font("Helvetica-Bold");
    doc.text(due > 0 ? `COLLECT ${rs(due)} (cash on delivery)` : "PREPAID: collect nothing");
    doc.moveDown(0.5).fontSize(8).font("Helvetica").text(`From: Maidan (${d.vendor.name})`);
    doc.text(`${d.items.reduce((n, i) => n + i.qty, 0)} item(s)`);
  });
}

/** One order's packing slip on the current page. */
function drawSlip(doc: PDFKit.PDFDocument, d: AdminOrderDetail) {
  doc.fontSize(18).font("Helvetica-Bold").text("Packing slip");
  doc
    .fontSize(11)
    .font("Helvetica")
    .text(`Order ${d.orderNo} · placed ${when(d.createdAt)}`);
  doc.text(`Store: ${d.vendor.name}`);
  doc.moveDown().font("Helvetica-Bold").text("Ship to");
  doc.font("Helvetica").text(d.address.fullName);
  for (const l of addressLines(d.address)) doc.text(l);
  doc.text(`Phone ${d.address.phone}`);
  doc.moveDown().font("Helvetica-Bold").text("Qty   Item");
  doc.font("Helvetica");
  for (const i of d.items) {
    const variant = [i.size, i.color].filter(Boolean).join(", ");
    doc.text(
      `${String(i.qty).padEnd(5)} ${i.name}${variant ? ` (${variant})` : ""} · SKU ${i.sku}${i.gift ? " · free gift" : ""}`,
    );
  }
  if (d.shipment)
    doc.moveDown().text(`Courier: ${d.shipment.courier}, tracking no. ${d.shipment.trackingNo}`);
}

export const slipPdf = (d: AdminOrderDetail) =>
  render(`Packing slip ${d.orderNo}`, "A4", (doc) => drawSlip(doc, d));

/** Many orders' slips, one page each (the list's "Print slips"). */
export const slipsPdf = (orders: AdminOrderDetail[]) =>
  render(`Packing slips ${orders.map((d) => d.orderNo).join(" ")}`, "A4", (doc) =>
    orders.forEach((d, n) => {
      if (n > 0) doc.addPage();
      drawSlip(doc, d);
    }),
  );

export function invoicePdf(d: AdminOrderDetail) {
  return render(`Invoice ${d.orderNo}`, "A4", (doc) => {
    doc.fontSize(18).font("Helvetica-Bold").text("Invoice");
    doc
      .fontSize(11)
      .font("Helvetica")
      .text(`Order ${d.orderNo} · ${when(d.createdAt)}`);
    doc.text(`Sold by ${d.vendor.name}, through Maidan`);
    doc.moveDown().font("Helvetica-Bold").text("Bill to");
    doc.font("Helvetica").text(d.address.fullName);
    for (const l of addressLines(d.address)) doc.text(l);
    doc.text(`Phone ${d.address.phone}${d.address.email ? ` · ${d.address.email}` : ""}`);
    doc.moveDown();
    for (const i of d.items)
      doc.text(`${i.qty} × ${i.name} (SKU ${i.sku}) @ ${rs(i.price)} = ${rs(i.total)}`);
    const a = d.amount;
    doc.moveDown();
    const rows: [string, number][] = [
      ["Subtotal", a.subtotal],
      ["Discount", -a.discount],
      ["Shipping", a.shipping],
      ["Tax", a.tax],
      ["Paid from wallet", -a.walletUsed],
    ];
    for (const [k, v] of rows) if (v !== 0 || k === "Subtotal") doc.text(`${k}: ${rs(v)}`);
    doc.font("Helvetica-Bold").text(`Total: ${rs(a.total)}`);
    doc.font("Helvetica").text(`Payment: ${d.payment.method} (${d.payment.status})`);
  });
}
