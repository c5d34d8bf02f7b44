-- Routines and a trigger of an order book, written by hand for uti from ISO/IEC 9075-2's
-- SQL-schema statements (CREATE FUNCTION, CREATE TRIGGER, DROP FUNCTION); PostgreSQL 15 runs it.
CREATE TABLE orders (id INTEGER PRIMARY KEY, price NUMERIC NOT NULL, updated TIMESTAMP);

CREATE FUNCTION with_tax(price NUMERIC) RETURNS NUMERIC
    LANGUAGE SQL IMMUTABLE
    RETURN price * 1.2;

CREATE FUNCTION touch_order() RETURNS TRIGGER
    LANGUAGE plpgsql
    AS $$ BEGIN NEW.updated := now(); RETURN NEW; END $$;

CREATE TRIGGER orders_touched BEFORE UPDATE ON orders
    FOR EACH ROW EXECUTE FUNCTION touch_order();

CREATE SEQUENCE order_numbers START 1000;

DROP FUNCTION with_tax(NUMERIC);
