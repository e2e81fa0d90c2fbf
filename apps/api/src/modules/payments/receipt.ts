import PDFDocument from 'pdfkit';

export interface ReceiptContent {
  operatorName: string;
  reference: string;
  /** 'DD/MM/YYYY' */
  date: string;
  customer: string;
  lines: { name: string; detail: string; quantity: number; amount: string }[];
  payments: { label: string; amount: string }[];
  total: string;
}

/**
 * Draws an order receipt as an A4 PDF. pdfkit's built-in Helvetica uses WinAnsi encoding, which has
 * '£' and '€' (pdf-lib's standard fonts cannot draw '€').
 */
export function drawReceipt(content: ReceiptContent): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 50,
      info: { Title: `Receipt ${content.reference}`, Author: content.operatorName },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    const left = 50;
    const right = doc.page.width - 50;
    const amountX = right - 100;
    doc.font('Helvetica-Bold').fontSize(20).text(content.operatorName, left, 50);
    doc.moveDown(0.5);
    doc.font('Helvetica').fontSize(12).text('Receipt');
    doc.moveDown();
    doc.fontSize(10);
    doc.text(`Order reference: ${content.reference}`);
    doc.text(`Order date: ${content.date}`);
    doc.text(`Customer: ${content.customer}`);
    doc.moveDown();

    const rule = () => {
      doc.moveTo(left, doc.y).lineTo(right, doc.y).strokeColor('#999999').lineWidth(0.5).stroke();
      doc.moveDown(0.5);
    };
    const row = (label: string, amount: string, bold = false) => {
      const y = doc.y;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
      doc.text(label, left, y, { width: amountX - left - 10 });
      const after = doc.y;
      doc.text(amount, amountX, y, { width: 100, align: 'right' });
      doc.y = Math.max(after, doc.y);
    };

    doc.font('Helvetica-Bold').text('Items', left);
    rule();
    for (const line of content.lines) {
      row(line.quantity > 1 ? `${line.name} x ${line.quantity}` : line.name, line.amount);
      if (line.detail) {
        doc
          .font('Helvetica')
          .fillColor('#555555')
          .text(line.detail, left, doc.y, { width: amountX - left - 10 });
        doc.fillColor('#000000');
      }
      doc.moveDown(0.4);
    }
    rule();
    doc.font('Helvetica-Bold').text('Payments', left);
    doc.moveDown(0.3);
    if (content.payments.length === 0) row('No payment taken', content.total);
    for (const payment of content.payments) row(payment.label, payment.amount);
    doc.moveDown(0.4);
    rule();
    row('Total', content.total, true);
    doc.end();
  });
}
