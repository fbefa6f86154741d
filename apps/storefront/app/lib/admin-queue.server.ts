/** A back-office queue's URL: its status (`fallback` when none is asked) and page, as the service takes them. */
export function queueQuery(request: Request, fallback: string) {
  const params = new URL(request.url).searchParams;
  return { status: params.get("status") ?? fallback, page: params.get("page") ?? "" };
}
