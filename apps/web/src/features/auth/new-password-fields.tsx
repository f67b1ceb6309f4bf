import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from './field';

type Props<N extends string> = {
  register: (name: N) => UseFormRegisterReturn;
  errors: Partial<Record<N, FieldError>>;
  /** A hint in the empty first input (forgot by phone shows one). */
  placeholder?: string;
};

/** The new password and its confirmation, as every password form asks for them (spec §2, §5). */
export function NewPasswordFields(props: Props<'newPassword' | 'confirmNewPassword'>) {
  return <PasswordPair names={['newPassword', 'confirmNewPassword']} {...props} />;
}

/** A password and its confirmation (registration: password, confirmPassword), both required. */
export function PasswordPair<N extends string>({ names, register, errors, placeholder }: Props<N> & { names: [N, N] }) {
  const { t } = useTranslation();
  return (
    <>
      {names.map((name, i) => (
        <Field
          key={name}
          label={t(`validation.fields.${name}`)}
          mark
          type="password"
          autoComplete="new-password"
          placeholder={i === 0 ? placeholder : undefined}
          error={errors[name]?.message}
          {...register(name)}
        />
      ))}
    </>
  );
}
