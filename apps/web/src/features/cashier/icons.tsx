import type { MethodChannel } from '@khela/contract/cashier';

/**
 * Neutral icons for a method's channel until the operator uploads its logo: a generic phone
 * wallet, card or bank with the channel's name under it — never a brand's own mark, which is
 * the operator's to upload under its agreement with the provider.
 */
const NAMES: Record<MethodChannel, string> = {
  bkash: 'bKash',
  nagad: 'Nagad',
  rocket: 'Rocket',
  upay: 'Upay',
  card: 'Card',
  bank: 'Bank',
};

function Shape({ channel }: { channel: MethodChannel }) {
  if (channel === 'card')
    return (
      <>
        <rect x="6" y="9" width="28" height="18" rx="3" />
        <path d="M6 14h28M10 22h7" />
      </>
    );
  if (channel === 'bank')
    return (
      <>
        <path d="M6 14 20 6l14 8z" />
        <path d="M9 16v9M16 16v9M24 16v9M31 16v9M6 28h28" />
      </>
    );
  // A mobile wallet: a phone with a coin.
  return (
    <>
      <rect x="12" y="5" width="16" height="26" rx="3" />
      <circle cx="20" cy="17" r="4" />
      <path d="M18 27h4" />
    </>
  );
}

export function ChannelIcon({ channel }: { channel: MethodChannel }) {
  return (
    <svg className="csh-logo" viewBox="0 0 40 40" width="40" height="40" aria-hidden="true" focusable="false">
      <g fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <Shape channel={channel} />
      </g>
      <text x="20" y="38" textAnchor="middle" fontSize="7" fill="currentColor">
        {NAMES[channel]}
      </text>
    </svg>
  );
}
