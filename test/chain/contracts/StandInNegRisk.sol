// SPDX-License-Identifier: MIT
// pmt's OWN STAND-INS for Polymarket's NegRiskAdapter, its WrappedCollateral and the
// NegRiskCtfCollateralAdapter (none of their sources is in the npm registry). Written from their
// published interfaces and documented behaviour, not from their code:
//   - NegRiskAdapter (0xd91E…5296): the oracle of every neg-risk question on the Conditional
//     Tokens; collateral USDC.e, wrapped 1:1 into WrappedCollateral, so a neg-risk market's tokens
//     are CTF positions backed by the wrapped collateral. splitPosition(bytes32,uint256) and
//     mergePositions(bytes32,uint256) (plus the CTF-shaped overloads), redeemPositions(bytes32,
//     uint256[] amounts) (amounts = [yes, no] taken from the caller), getConditionId(questionId),
//     getPositionId(questionId, outcome), prepareMarket/prepareQuestion/reportOutcome. No
//     convertPositions, no fees, no admin (test chain only).
//   - NegRiskCtfCollateralAdapter (0xadA2…eAab): the Conditional Tokens' split/merge/redeem
//     signatures in pUSD over the adapter; the pUSD <-> USDC.e wrapping is simulated by minting
//     the stand-in ERC-20s.
// Placed at the published addresses on the local chain, so their state starts empty (no constructors).
pragma solidity 0.8.26;

interface IERC20Mintable {
    function mint(address to, uint256 value) external;
    function approve(address spender, uint256 value) external returns (bool);
    function transfer(address to, uint256 value) external returns (bool);
    function transferFrom(address from, address to, uint256 value) external returns (bool);
    function balanceOf(address who) external view returns (uint256);
}

interface ICTF {
    function prepareCondition(address oracle, bytes32 questionId, uint256 outcomeSlotCount) external;
    function reportPayouts(bytes32 questionId, uint256[] calldata payouts) external;
    function getConditionId(address oracle, bytes32 questionId, uint256 outcomeSlotCount) external pure returns (bytes32);
    function getOutcomeSlotCount(bytes32 conditionId) external view returns (uint256);
    function splitPosition(address collateralToken, bytes32 parentCollectionId, bytes32 conditionId, uint256[] calldata partition, uint256 amount) external;
    function mergePositions(address collateralToken, bytes32 parentCollectionId, bytes32 conditionId, uint256[] calldata partition, uint256 amount) external;
    function redeemPositions(address collateralToken, bytes32 parentCollectionId, bytes32 conditionId, uint256[] calldata indexSets) external;
    function getCollectionId(bytes32 parentCollectionId, bytes32 conditionId, uint256 indexSet) external view returns (bytes32);
    function getPositionId(address collateralToken, bytes32 collectionId) external pure returns (uint256);
    function balanceOf(address owner, uint256 id) external view returns (uint256);
    function safeBatchTransferFrom(address from, address to, uint256[] calldata ids, uint256[] calldata values, bytes calldata data) external;
}

address constant CTF = 0x4D97DCd97eC945f40cF65F87097ACe5EA0476045;
address constant USDCE = 0x2791Bca1f2de4661ED88A30C99A7a9449Aa84174;
address constant PUSD = 0xC011a7E12a19f7B1f670d46F03B03f3342E82DFB;
address constant NEG_RISK_ADAPTER = 0xd91E80cF2E7be2e162c6513ceD06f1dD0dA35296;
// The neg-risk WrappedCollateral on Polygon (Polymarket's neg-risk-ctf-adapter addresses.json).
address constant WCOL = 0x3A3BD7bb9528E159577F7C2e685CC81A765002E2;

library Binary {
    function partition() internal pure returns (uint256[] memory p) {
        p = new uint256[](2);
        p[0] = 1;
        p[1] = 2;
    }

    function pair(uint256 a, uint256 b) internal pure returns (uint256[] memory v) {
        v = new uint256[](2);
        v[0] = a;
        v[1] = b;
    }

    function ids(address collateral, bytes32 conditionId) internal view returns (uint256[] memory out) {
        out = new uint256[](2);
        for (uint256 i = 0; i < 2; i++) out[i] = ICTF(CTF).getPositionId(collateral, ICTF(CTF).getCollectionId(bytes32(0), conditionId, i + 1));
    }
}

abstract contract Receives1155 {
    function onERC1155Received(address, address, uint256, uint256, bytes calldata) external pure returns (bytes4) {
        return 0xf23a6e61;
    }

    function onERC1155BatchReceived(address, address, uint256[] calldata, uint256[] calldata, bytes calldata) external pure returns (bytes4) {
        return 0xbc197c81;
    }
}

/** USDC.e wrapped 1:1; only the adapter wraps; anyone unwraps what they hold. */
contract StandInWrappedCollateral {
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    function decimals() external pure returns (uint8) {
        return 6;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        return true;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _move(msg.sender, to, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        uint256 a = allowance[from][msg.sender];
        if (a != type(uint256).max) {
            require(a >= value, "wcol: allowance");
            allowance[from][msg.sender] = a - value;
        }
        _move(from, to, value);
        return true;
    }

    function wrap(address to, uint256 amount) external {
        require(msg.sender == NEG_RISK_ADAPTER, "wcol: only the adapter wraps");
        require(IERC20Mintable(USDCE).transferFrom(msg.sender, address(this), amount), "wcol: USDC.e");
        balanceOf[to] += amount;
    }

    function unwrap(address to, uint256 amount) external {
        require(balanceOf[msg.sender] >= amount, "wcol: balance");
        balanceOf[msg.sender] -= amount;
        require(IERC20Mintable(USDCE).transfer(to, amount), "wcol: USDC.e");
    }

    function _move(address from, address to, uint256 value) private {
        require(balanceOf[from] >= value, "wcol: balance");
        balanceOf[from] -= value;
        balanceOf[to] += value;
    }
}

contract StandInNegRiskAdapter is Receives1155 {
    mapping(bytes32 => address) public marketOracle;
    mapping(bytes32 => uint256) public questionCount;
    mapping(bytes32 => bytes32) public marketOfQuestion;

    event PositionSplit(address indexed stakeholder, bytes32 indexed conditionId, uint256 amount);
    event PositionsMerge(address indexed stakeholder, bytes32 indexed conditionId, uint256 amount);
    event PayoutRedemption(address indexed redeemer, bytes32 indexed conditionId, uint256[] amounts, uint256 payout);

    function ctf() external pure returns (address) {
        return CTF;
    }

    function col() external pure returns (address) {
        return USDCE;
    }

    function wcol() external pure returns (address) {
        return WCOL;
    }

    function getConditionId(bytes32 questionId) public pure returns (bytes32) {
        return ICTF(CTF).getConditionId(NEG_RISK_ADAPTER, questionId, 2);
    }

    function getPositionId(bytes32 questionId, bool outcome) public view returns (uint256) {
        return ICTF(CTF).getPositionId(WCOL, ICTF(CTF).getCollectionId(bytes32(0), getConditionId(questionId), outcome ? 1 : 2));
    }

    /** A market id from its oracle and metadata; the caller is the oracle. */
    function prepareMarket(uint256, bytes calldata metadata) external returns (bytes32 marketId) {
        marketId = keccak256(abi.encode(msg.sender, metadata));
        require(marketOracle[marketId] == address(0), "market exists");
        marketOracle[marketId] = msg.sender;
    }

    /** The next question of a market: its id is the market id with the question's index in the last byte. */
    function prepareQuestion(bytes32 marketId, bytes calldata) external returns (bytes32 questionId) {
        require(marketOracle[marketId] == msg.sender, "only the market's oracle");
        uint256 i = questionCount[marketId]++;
        questionId = bytes32((uint256(marketId) & ~uint256(0xff)) | i);
        marketOfQuestion[questionId] = marketId;
        if (ICTF(CTF).getOutcomeSlotCount(getConditionId(questionId)) == 0) ICTF(CTF).prepareCondition(NEG_RISK_ADAPTER, questionId, 2);
    }

    function reportOutcome(bytes32 questionId, bool outcome) external {
        require(marketOracle[marketOfQuestion[questionId]] == msg.sender, "only the market's oracle");
        ICTF(CTF).reportPayouts(questionId, outcome ? Binary.pair(1, 0) : Binary.pair(0, 1));
    }

    function splitPosition(address collateralToken, bytes32, bytes32 conditionId, uint256[] calldata, uint256 amount) external {
        require(collateralToken == USDCE, "UnexpectedCollateralToken");
        splitPosition(conditionId, amount);
    }

    function splitPosition(bytes32 conditionId, uint256 amount) public {
        require(IERC20Mintable(USDCE).transferFrom(msg.sender, address(this), amount), "USDC.e transfer");
        IERC20Mintable(USDCE).approve(WCOL, amount);
        StandInWrappedCollateral(WCOL).wrap(address(this), amount);
        StandInWrappedCollateral(WCOL).approve(CTF, amount);
        ICTF(CTF).splitPosition(WCOL, bytes32(0), conditionId, Binary.partition(), amount);
        ICTF(CTF).safeBatchTransferFrom(address(this), msg.sender, Binary.ids(WCOL, conditionId), Binary.pair(amount, amount), "");
        emit PositionSplit(msg.sender, conditionId, amount);
    }

    function mergePositions(address collateralToken, bytes32, bytes32 conditionId, uint256[] calldata, uint256 amount) external {
        require(collateralToken == USDCE, "UnexpectedCollateralToken");
        mergePositions(conditionId, amount);
    }

    function mergePositions(bytes32 conditionId, uint256 amount) public {
        ICTF(CTF).safeBatchTransferFrom(msg.sender, address(this), Binary.ids(WCOL, conditionId), Binary.pair(amount, amount), "");
        ICTF(CTF).mergePositions(WCOL, bytes32(0), conditionId, Binary.partition(), amount);
        StandInWrappedCollateral(WCOL).unwrap(msg.sender, amount);
        emit PositionsMerge(msg.sender, conditionId, amount);
    }

    /** amounts = [yes, no], taken from the caller; the payout goes back unwrapped (USDC.e). */
    function redeemPositions(bytes32 conditionId, uint256[] calldata amounts) public {
        require(amounts.length == 2, "LengthMismatch");
        ICTF(CTF).safeBatchTransferFrom(msg.sender, address(this), Binary.ids(WCOL, conditionId), amounts, "");
        ICTF(CTF).redeemPositions(WCOL, bytes32(0), conditionId, Binary.partition());
        uint256 payout = StandInWrappedCollateral(WCOL).balanceOf(address(this));
        if (payout > 0) StandInWrappedCollateral(WCOL).unwrap(msg.sender, payout);
        emit PayoutRedemption(msg.sender, conditionId, amounts, payout);
    }

    function balanceOf(address owner, uint256 id) external view returns (uint256) {
        return ICTF(CTF).balanceOf(owner, id);
    }
}

/** pUSD in and out over the Neg Risk Adapter, with the Conditional Tokens' signatures. */
contract StandInNegRiskCollateralAdapter is Receives1155 {
    function splitPosition(address, bytes32, bytes32 conditionId, uint256[] calldata, uint256 amount) external {
        require(IERC20Mintable(PUSD).transferFrom(msg.sender, address(this), amount), "pUSD transfer");
        IERC20Mintable(USDCE).mint(address(this), amount); // stands in for unwrapping pUSD
        IERC20Mintable(USDCE).approve(NEG_RISK_ADAPTER, amount);
        StandInNegRiskAdapter(NEG_RISK_ADAPTER).splitPosition(conditionId, amount);
        ICTF(CTF).safeBatchTransferFrom(address(this), msg.sender, Binary.ids(WCOL, conditionId), Binary.pair(amount, amount), "");
    }

    function mergePositions(address, bytes32, bytes32 conditionId, uint256[] calldata, uint256 amount) external {
        ICTF(CTF).safeBatchTransferFrom(msg.sender, address(this), Binary.ids(WCOL, conditionId), Binary.pair(amount, amount), "");
        _approveAdapter();
        StandInNegRiskAdapter(NEG_RISK_ADAPTER).mergePositions(conditionId, amount);
        IERC20Mintable(PUSD).mint(msg.sender, amount); // stands in for wrapping the USDC.e back
    }

    /** Every outcome token the caller holds, redeemed through the Neg Risk Adapter (its amounts). */
    function redeemPositions(address, bytes32, bytes32 conditionId, uint256[] calldata) external {
        uint256[] memory ids = Binary.ids(WCOL, conditionId);
        uint256[] memory held = Binary.pair(ICTF(CTF).balanceOf(msg.sender, ids[0]), ICTF(CTF).balanceOf(msg.sender, ids[1]));
        ICTF(CTF).safeBatchTransferFrom(msg.sender, address(this), ids, held, "");
        _approveAdapter();
        uint256 before = IERC20Mintable(USDCE).balanceOf(address(this));
        StandInNegRiskAdapter(NEG_RISK_ADAPTER).redeemPositions(conditionId, held);
        uint256 paid = IERC20Mintable(USDCE).balanceOf(address(this)) - before;
        if (paid > 0) IERC20Mintable(PUSD).mint(msg.sender, paid);
    }

    function _approveAdapter() private {
        // The adapter takes the tokens from this contract (safeBatchTransferFrom on the CTF).
        (bool ok, ) = CTF.call(abi.encodeWithSignature("setApprovalForAll(address,bool)", NEG_RISK_ADAPTER, true));
        require(ok, "approve adapter");
    }
}
