/**
 * The built-in backend, mounted inside the site's process when API_BASE_URL is unset.
 * PLACEHOLDER until the backend issue lands: answers 503 so content getters fall back.
 */
export async function handleApiRequest(request: Request): Promise<Response> {
  void request;
  return Response.json({ success: false, message: 'The built-in backend is not available yet.' }, { status: 503 });
}
