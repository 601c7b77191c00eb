-- What each person's screens remember (docs/decisions/181): the portfolio's view, sort and
-- filters, and the colour theme. A row only once the person has chosen something.
CREATE TABLE user_preferences (
  user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  -- The portfolio view as its address writes it ('view=table&sort=paid&dir=desc'); '' is the default.
  portfolio_view text NOT NULL DEFAULT '' CHECK (length(portfolio_view) <= 1000),
  -- NULL follows the system's light or dark setting.
  theme text CHECK (theme IN ('light', 'dark')),
  updated_at timestamptz NOT NULL DEFAULT now()
);
