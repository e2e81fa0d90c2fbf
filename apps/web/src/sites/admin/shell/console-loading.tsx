/** A console page still loading: a main landmark and a level-one heading, so it is a whole page. */
export function ConsoleLoading({ inLayout = false }: { inLayout?: boolean }) {
  const body = (
    <>
      <h1 className="visually-hidden">Loading</h1>
      <p role="status" className="admin-loading">
        Loading…
      </p>
    </>
  );
  return inLayout ? (
    <div aria-busy="true">{body}</div>
  ) : (
    <main id="main" className="admin-standalone" aria-busy="true">
      {body}
    </main>
  );
}
