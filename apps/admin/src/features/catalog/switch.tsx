/** An on/off switch of a table row: says what it switches and its state in words. */
export function RowSwitch({
  on,
  label,
  onText,
  offText,
  disabled,
  onToggle,
}: {
  on: boolean;
  label: string;
  onText: string;
  offText: string;
  disabled: boolean;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      aria-label={label}
      className={`cd-switch${on ? ' cd-switch-on' : ''}`}
      disabled={disabled}
      onClick={onToggle}
    >
      <span className="cd-switch-knob" aria-hidden="true" />
      <span className="cd-switch-text">{on ? onText : offText}</span>
    </button>
  );
}
