'use client';

import { createContext, useContext } from 'react';
import type { FieldErrors } from '@/contract/forms/form-state';

/** What a form's fields read: the current error per field and the answers to show again. */
export interface FormContextValue {
  errors: FieldErrors;
  values: Record<string, string | string[]>;
  /** For controls with their own rules of when to check (the stepper, the custom amount). */
  setError: (field: string, message: string | undefined) => void;
}

export const FormContext = createContext<FormContextValue>({ errors: {}, values: {}, setError: () => undefined });

export function useClearError(): (field: string) => void {
  const { setError } = useContext(FormContext);
  return (field) => setError(field, undefined);
}

export function useSetError(): (field: string, message: string | undefined) => void {
  return useContext(FormContext).setError;
}

export function useFormField(name: string): { error: string | undefined; value: string | string[] | undefined } {
  const { errors, values } = useContext(FormContext);
  return { error: errors[name], value: values[name] };
}
