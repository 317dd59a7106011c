"""Browser tests of the web app; a package so its conftest does not shadow the conformance suite's."""
