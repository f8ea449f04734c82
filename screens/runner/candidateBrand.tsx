import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

/** The employer the candidate pages are about: its name, logo and colours (from its public profile and theme). */
export interface EmployerBrand {
  name: string;
  logo?: string;
  /** Header background and text (the theme's button colours, text made readable). */
  background: string;
  text: string;
}

const BrandContext = createContext<{ brand: EmployerBrand | null; setBrand(b: EmployerBrand | null): void } | null>(null);

/** Holds the brand a candidate page sets, for the candidate frame's header. */
export function CandidateBrandProvider({ children, render }: { children: ReactNode; render(brand: EmployerBrand | null): ReactNode }) {
  const [brand, setBrand] = useState<EmployerBrand | null>(null);
  return (
    <BrandContext.Provider value={{ brand, setBrand }}>
      {render(brand)}
      {children}
    </BrandContext.Provider>
  );
}

/** A candidate page names its employer: the frame's header shows it while the page is open. Outside the frame, nothing happens. */
export function useShowEmployer(brand: EmployerBrand | null): void {
  const ctx = useContext(BrandContext);
  const setBrand = ctx?.setBrand;
  const key = brand ? `${brand.name}|${brand.logo ?? ''}|${brand.background}|${brand.text}` : '';
  useEffect(() => {
    if (!setBrand) return;
    setBrand(brand);
    return () => setBrand(null);
    // The brand is compared by its contents (a new object each render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [setBrand, key]);
}
