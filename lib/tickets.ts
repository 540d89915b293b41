import 'server-only';
import { apiClient, isApiError, type ApiClient } from '@/lib/backend';
import { ticketResultSchema, TICKET_REFERENCE_PATTERN, type Ticket } from '@/contract/api/tickets';

/** A ticket by its reference and link token; undefined for any wrong pair (the page answers 404). */
export async function getTicket(reference: string, token: string | undefined, client: ApiClient = apiClient): Promise<Ticket | undefined> {
  if (!TICKET_REFERENCE_PATTERN.test(reference) || !token) return undefined;
  try {
    return (await client.get(`/api/tickets/${encodeURIComponent(reference)}/`, { query: { t: token }, schema: ticketResultSchema })).data;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return undefined;
    throw error;
  }
}
