import { QRCodeSVG } from 'qrcode.react';
import { Typography } from 'antd';

/** A QR code with its caption; the link stays copyable under it for people without a phone at hand. */
export function QrCodeCard({ value, title, description, size = 168 }: { value: string; title: string; description?: string; size?: number }) {
  return (
    <div style={{ textAlign: 'center', width: size + 32 }} data-testid="qr-card">
      <Typography.Text strong>{title}</Typography.Text>
      <div style={{ padding: 12 }}>
        <QRCodeSVG value={value} size={size} level="M" marginSize={1} data-value={value} />
      </div>
      {description && (
        <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 4 }}>
          {description}
        </Typography.Paragraph>
      )}
      <Typography.Paragraph copyable={{ text: value }} ellipsis style={{ fontSize: 11, marginBottom: 0 }}>
        {value}
      </Typography.Paragraph>
    </div>
  );
}
