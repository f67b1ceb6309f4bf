import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from './field';

type Name = 'newPassword' | 'confirmNewPassword';

/** The new password and its confirmation, as every password form asks for them (spec §2, §5). */
export function NewPasswordFields(props: {
  register: (name: Name) => UseFormRegisterReturn;
  errors: Partial<Record<Name, FieldError>>;
}) {
  const { t } = useTranslation();
  return (
    <>
      {(['newPassword', 'confirmNewPassword'] as const).map((name) => (
        <Field
          key={name}
          label={t(`validation.fields.${name}`)}
          mark
          type="password"
          autoComplete="new-password"
          error={props.errors[name]?.message}
          {...props.register(name)}
        />
      ))}
    </>
  );
}
