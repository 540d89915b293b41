/** The accounts form's state (app/staff/accounts/actions.ts answers with it; accounts-manager.tsx shows it). */
export type AccountsState =
  | { status: 'idle'; seq: number }
  | { status: 'done'; seq: number; message: string; generatedPassword?: string; forEmail?: string }
  | { status: 'error'; seq: number; message: string; errors: Record<string, string>; values: Record<string, string> };
