import { StatusPanel } from './features/status';

export const BRAND = 'DeenConnect';
export const TAGLINE = 'Connecting the Ummah';

export function App() {
  return (
    <div className="app-shell">
      <header className="brand">
        <span className="brand__mark" aria-hidden="true" />
        <h1 className="brand__name">{BRAND}</h1>
        <p className="brand__tagline">{TAGLINE}</p>
      </header>
      <main className="app-main">
        <StatusPanel />
      </main>
      <footer className="app-footer">
        <small>&copy; {new Date().getFullYear()} {BRAND}</small>
      </footer>
    </div>
  );
}
