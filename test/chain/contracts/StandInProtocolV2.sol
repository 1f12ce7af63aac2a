// SPDX-License-Identifier: MIT
// pmt's OWN STAND-INS for Polymarket Protocol V2's Router and PositionManager (their sources are
// not in the npm registry), written from the published facts only: docs.polymarket.com
// /migrate/polymarket-v2/contract-integrations and /resources/onchain-position-data, and the
// Router ABI in @polymarket/client (`split(bytes31,uint256)`, `merge(bytes31,uint256)`,
// `redeem(bytes31,uint256 outcomeIndex,uint256)`):
//   - PositionManager is the V2 ERC-1155 ledger; a position id is the bytes31 condition id
//     followed by one outcome byte (0 or 1); mints and unsafe transfers call no receiver hook.
//   - Router pulls from the caller and returns to the caller in one transaction: split takes pUSD
//     (approve the Router on pUSD), merge and redeem take positions (setApprovalForAll(Router) on
//     the PositionManager); redeem of an unresolved condition reverts; a losing share pays 0.
// Resolution here is `report(conditionId, [yes, no])` by anyone (test chain only). pUSD is the
// stand-in ERC-20; paying out mints it (the real Router releases escrowed pUSD).
pragma solidity 0.8.26;

interface IPusd {
    function mint(address to, uint256 value) external;
    function transferFrom(address from, address to, uint256 value) external returns (bool);
}

address constant V2_PUSD = 0xC011a7E12a19f7B1f670d46F03B03f3342E82DFB;
address constant V2_ROUTER = 0x12121212006e4CD160D18e3f00711DA5c3372600;
address constant V2_POSITION_MANAGER = 0x006F54F7f9A22e0000CC2AB60031000000ae9fEF;

contract StandInPositionManager {
    mapping(address => mapping(uint256 => uint256)) public balanceOf;
    mapping(address => mapping(address => bool)) public isApprovedForAll;

    event TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value);
    event ApprovalForAll(address indexed owner, address indexed operator, bool approved);

    function setApprovalForAll(address operator, bool approved) external {
        isApprovedForAll[msg.sender][operator] = approved;
        emit ApprovalForAll(msg.sender, operator, approved);
    }

    function mint(address to, uint256 id, uint256 value) external {
        require(msg.sender == V2_ROUTER, "only the Router");
        balanceOf[to][id] += value;
        emit TransferSingle(msg.sender, address(0), to, id, value);
    }

    /** Burns `value` of `from`'s `id` for the Router, which `from` must have approved. */
    function burn(address from, uint256 id, uint256 value) external {
        require(msg.sender == V2_ROUTER, "only the Router");
        require(isApprovedForAll[from][V2_ROUTER], "Router not approved on the PositionManager");
        require(balanceOf[from][id] >= value, "insufficient position");
        balanceOf[from][id] -= value;
        emit TransferSingle(msg.sender, from, address(0), id, value);
    }
}

contract StandInRouter {
    mapping(bytes31 => uint256[2]) public payouts;

    function positionId(bytes31 conditionId, uint256 outcomeIndex) public pure returns (uint256) {
        require(outcomeIndex < 2, "binary outcome index");
        return (uint256(uint248(conditionId)) << 8) | outcomeIndex;
    }

    function split(bytes31 conditionId, uint256 amount) external {
        require(IPusd(V2_PUSD).transferFrom(msg.sender, address(this), amount), "pUSD transfer");
        StandInPositionManager(V2_POSITION_MANAGER).mint(msg.sender, positionId(conditionId, 0), amount);
        StandInPositionManager(V2_POSITION_MANAGER).mint(msg.sender, positionId(conditionId, 1), amount);
    }

    function merge(bytes31 conditionId, uint256 amount) external {
        StandInPositionManager(V2_POSITION_MANAGER).burn(msg.sender, positionId(conditionId, 0), amount);
        StandInPositionManager(V2_POSITION_MANAGER).burn(msg.sender, positionId(conditionId, 1), amount);
        IPusd(V2_PUSD).mint(msg.sender, amount);
    }

    function redeem(bytes31 conditionId, uint256 outcomeIndex, uint256 amount) external {
        uint256[2] memory p = payouts[conditionId];
        require(p[0] + p[1] > 0, "condition not resolved");
        StandInPositionManager(V2_POSITION_MANAGER).burn(msg.sender, positionId(conditionId, outcomeIndex), amount);
        uint256 paid = (amount * p[outcomeIndex]) / (p[0] + p[1]);
        if (paid > 0) IPusd(V2_PUSD).mint(msg.sender, paid);
    }

    function report(bytes31 conditionId, uint256[2] calldata p) external {
        require(p[0] + p[1] > 0, "empty payout");
        payouts[conditionId] = p;
    }
}
