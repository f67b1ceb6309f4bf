/** The two ways of a form as tabs (register by username or mobile, forgot by email or phone). */
export function ModeTabs<M extends string>(props: {
  label: string;
  modes: readonly M[];
  value: M;
  onChange: (mode: M) => void;
  text: (mode: M) => string;
}) {
  return (
    <div className="auth-tabs auth-subtabs" role="tablist" aria-label={props.label}>
      {props.modes.map((m) => (
        <button
          key={m}
          type="button"
          role="tab"
          className="auth-tab"
          aria-selected={props.value === m}
          onClick={() => props.onChange(m)}
        >
          {props.text(m)}
        </button>
      ))}
    </div>
  );
}
