export const OG_FONT_FILES: string[];
export const NATIVE_PACKAGES: Record<string, string[]>;
export const FILE_SYSTEM_USERS: Record<string, string>;
export const ROUTES_WITHOUT_BACKEND: string[];
export const EXPECTED_ROUTES: string[];
export function isOgImageRoute(route: string): boolean;
export function requiredFiles(route: string): Array<{ file: string; why: string }>;
export const PROXY_FORBIDDEN: Array<{ pattern: RegExp; what: string }>;
export interface BuiltFunction {
  name: string;
  routes: string[];
  files: Set<string>;
}
export function findProblems(
  functions: BuiltFunction[],
  options?: { proxyName?: string },
): Array<{ fn: string; file: string; message: string }>;
export function routeOfFunctionPath(relativePath: string): string | undefined;
