import 'server-only';
import { getConfig } from '@/lib/config';

/**
 * Publishing edits the built-in backend's content. With API_BASE_URL set, content lives in the
 * festival's own backend, which the /api contract gives us no way to write: the publishing pages
 * are hidden and say so (PUBLISHING_OFF_MESSAGE).
 */
export const isPublishingEnabled = (): boolean => getConfig().apiBaseUrl === undefined;

export { PUBLISHING_OFF_MESSAGE } from './messages';
