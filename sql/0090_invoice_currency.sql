-- Money carries its currency (docs/figures.md, "Currency"): each stored invoice share keeps the
-- currency Forecast recorded the invoice in, and each project the currency of its billing
-- totals (docs/decisions/350-one-billing-currency-per-project.md). NULL until the next Forecast
-- sync fills them; until then an amount reads in the company currency (COMPANY_CURRENCY), which
-- is also what Forecast assumes for an invoice that names none.
ALTER TABLE forecast_invoices ADD COLUMN currency text;
ALTER TABLE projects ADD COLUMN forecast_currency text;
