// The page of a path that is no page: the shared module only (the language links).
import "./common.js";
