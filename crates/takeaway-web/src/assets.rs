//! The page's static files, embedded in the binary (no CDN, no network).

/// The page.
pub const INDEX_HTML: &str = include_str!("../assets/index.html");
/// The page's script.
pub const APP_JS: &str = include_str!("../assets/app.js");
/// The page's style sheet.
pub const STYLE_CSS: &str = include_str!("../assets/style.css");
/// A small icon, so the browser's automatic request is answered.
pub const FAVICON_SVG: &str = include_str!("../assets/favicon.svg");
