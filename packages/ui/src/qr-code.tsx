import { QR_CODE_SIZE } from '@khela/contract/constants';
import { QRCodeSVG } from 'qrcode.react';

type Props = {
  value: string;
  /** Pixels; the site's codes are 100 px (QR_CODE_SIZE). */
  size?: number;
  /** Accessible name of the code, e.g. "QR code to download the Android app". */
  title?: string;
  className?: string;
};

/**
 * A QR code as SVG (margin 0, error correction M). Load it lazily where it is used —
 * `lazy(() => import('components/ui/qr-code'))` — so the encoder stays out of the main bundle.
 * It is always dark on white: phone cameras read inverted codes badly.
 */
export function QrCode({ value, size = QR_CODE_SIZE, title, className }: Props) {
  return (
    <QRCodeSVG
      value={value}
      size={size}
      marginSize={0}
      level="M"
      bgColor="#ffffff"
      fgColor="#000000"
      title={title}
      role="img"
      aria-label={title}
      className={className}
      data-testid="qr-code"
      data-value={value}
    />
  );
}

export default QrCode;
