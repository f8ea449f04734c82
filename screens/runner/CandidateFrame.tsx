import { Link, Outlet } from 'react-router-dom';
import sv from '../../schemas/messages/sv.json';
import { CandidateBrandProvider, type EmployerBrand } from './candidateBrand';
import '../shared/admin.css';

/**
 * The candidate layout (spec document 1 §2: /admin/recruit, /admin/minasidor,
 * /admin/recruit-chat): a plain frame with the brand and the page, no staff shell, no guard.
 * Once a page knows the employer (the organisation chosen), the header is the employer's:
 * its logo or name in its colours, not 'Blankett'.
 */
export default function CandidateFrame() {
  return (
    <div className="adm-session scr-candidate">
      <CandidateBrandProvider render={(brand) => <Header brand={brand} />}>
        <main id="main" className="adm-session-main scr-candidate-main">
          <Outlet />
        </main>
      </CandidateBrandProvider>
    </div>
  );
}

function Header({ brand }: { brand: EmployerBrand | null }) {
  return (
    <header className="adm-session-header" style={brand ? { background: brand.background, color: brand.text } : undefined}>
      <Link to="/admin/recruit" className="adm-brand" style={brand ? { color: brand.text } : undefined}>
        {brand?.logo ? <img src={brand.logo} alt={brand.name} className="scr-candidate-logo" /> : (brand?.name ?? sv.app.brand)}
      </Link>
    </header>
  );
}
